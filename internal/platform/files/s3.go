package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config names a bucket of an S3-compatible object store.
type S3Config struct {
	Endpoint  string // host:port, no scheme
	Bucket    string
	Region    string // "" for MinIO's default
	AccessKey string
	SecretKey string
	Prefix    string // prepended to every object key, e.g. "zhdj/"
	Insecure  bool   // plain HTTP (a store on the same host or a private network)
}

// s3 keeps files as objects of one bucket, each under Prefix + stored
// name. minio-go (Apache-2.0, MinIO's maintained client) talks to MinIO
// and to the S3 APIs of the public clouds alike.
type s3 struct {
	core   *minio.Core
	bucket string
	prefix string
	where  string
}

func newS3(ctx context.Context, cfg S3Config) (*s3, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("对象存储需要地址（ZHDJ_S3_ENDPOINT）和存储桶（ZHDJ_S3_BUCKET）")
	}
	core, err := minio.NewCore(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: !cfg.Insecure, Region: cfg.Region,
		// Path-style URLs work with any endpoint, an IP address included.
		BucketLookup: minio.BucketLookupPath,
	})
	if err != nil {
		return nil, fmt.Errorf("对象存储地址 %q 无效: %w", cfg.Endpoint, err)
	}
	ok, err := core.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("连接对象存储 %s 失败: %w", cfg.Endpoint, err)
	}
	if !ok {
		return nil, fmt.Errorf("对象存储 %s 上没有存储桶 %q：请先创建它（例如 mc mb）", cfg.Endpoint, cfg.Bucket)
	}
	return &s3{core: core, bucket: cfg.Bucket, prefix: cfg.Prefix,
		where: fmt.Sprintf("对象存储 %s/%s/%s", cfg.Endpoint, cfg.Bucket, cfg.Prefix)}, nil
}

func (b *s3) String() string { return b.where }

func (b *s3) key(name string) string { return b.prefix + name }

// sumMeta is the user metadata that carries the SHA-256 taken at upload,
// so a copy can be checked without the database.
const sumMeta = "Sha256"

func (b *s3) put(ctx context.Context, name, tmp string, size int64, sum string) error {
	f, err := os.Open(tmp)
	if err != nil {
		return err
	}
	defer f.Close()
	// One PUT with a Content-MD5 the store checks: an object is whole or
	// absent. Uploads are limited well under S3's 5 GB single-PUT maximum.
	_, err = b.core.Client.PutObject(ctx, b.bucket, b.key(name), f, size, minio.PutObjectOptions{
		ContentType: "application/octet-stream", UserMetadata: map[string]string{sumMeta: sum},
		SendContentMd5: true, DisableMultipart: true,
	})
	return err
}

func missing(err error) bool {
	r := minio.ToErrorResponse(err)
	return r.StatusCode == http.StatusNotFound || r.Code == "NoSuchKey"
}

func (b *s3) open(ctx context.Context, name string) (File, error) {
	info, err := b.core.StatObject(ctx, b.bucket, b.key(name), minio.StatObjectOptions{})
	if missing(err) {
		return nil, os.ErrNotExist
	} else if err != nil {
		return nil, err
	}
	return &s3File{ctx: ctx, b: b, key: b.key(name), size: info.Size, etag: info.ETag}, nil
}

func (b *s3) remove(ctx context.Context, name string) error {
	err := b.core.RemoveObject(ctx, b.bucket, b.key(name), minio.RemoveObjectOptions{})
	if missing(err) {
		return nil
	}
	return err
}

func (b *s3) walk(ctx context.Context, fn func(name string, size int64) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing when fn fails
	for o := range b.core.Client.ListObjects(ctx, b.bucket, minio.ListObjectsOptions{Prefix: b.prefix, Recursive: true}) {
		if o.Err != nil {
			return o.Err
		}
		name := strings.TrimPrefix(o.Key, b.prefix)
		if !storedName.MatchString(name) {
			continue // another application's object under the same prefix
		}
		if err := fn(name, o.Size); err != nil {
			return err
		}
	}
	return nil
}

// s3File reads an object from its current offset: a Seek only moves the
// offset, and the next Read asks for the bytes from there on, so a range
// request downloads only the part it serves.
type s3File struct {
	ctx  context.Context
	b    *s3
	key  string
	size int64
	etag string
	off  int64
	body io.ReadCloser
}

func (f *s3File) Size() int64 { return f.size }

func (f *s3File) Read(p []byte) (int, error) {
	if f.off >= f.size {
		return 0, io.EOF
	}
	if f.body == nil {
		var opts minio.GetObjectOptions
		if f.off > 0 {
			if err := opts.SetRange(f.off, 0); err != nil {
				return 0, err
			}
		}
		// The name's bytes never change; the ETag makes sure of it.
		if err := opts.SetMatchETag(f.etag); err != nil {
			return 0, err
		}
		body, _, _, err := f.b.core.GetObject(f.ctx, f.b.bucket, f.key, opts)
		if err != nil {
			return 0, err
		}
		f.body = body
	}
	n, err := f.body.Read(p)
	f.off += int64(n)
	if err == io.EOF && f.off < f.size {
		err = io.ErrUnexpectedEOF
	}
	return n, err
}

func (f *s3File) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += f.off
	case io.SeekEnd:
		offset += f.size
	}
	if offset < 0 {
		return 0, errors.New("seek before the start of the object")
	}
	if offset != f.off && f.body != nil {
		f.body.Close()
		f.body = nil
	}
	f.off = offset
	return offset, nil
}

func (f *s3File) Close() error {
	if f.body != nil {
		return f.body.Close()
	}
	return nil
}
