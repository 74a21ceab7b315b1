// 接口文档: a page of its own, which the server answers at /doc.html to those holding apidoc:list. Swagger UI
// (swagger-ui-dist, bundled here: no CDN) shows the OpenAPI document the server makes from its declared routes.
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js'
import 'swagger-ui-dist/swagger-ui.css'
import { apiDocOptions } from './options'

SwaggerUIBundle({ ...apiDocOptions(), dom_id: '#root' })
