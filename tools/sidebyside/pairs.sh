#!/bin/bash
# pairs.sh N SECONDS: N pairs of (zhdj, gin-vue-admin) per call, the order
# alternated pair by pair, 8 clients each; a line per run with the load
# average. Setup (both servers, 20,000 users each): docs/performance.md,
# "Side by side with gin-vue-admin".
#   ZTOK  a zhdj session token     ZPORT  zhdj's port (8090)
#   GTOK  a gin-vue-admin token    GPORT  its port (8888)
set -eu
N=${1:-6}; D=${2:-8}
L=${LOADCLIENT:-$(dirname "$0")/sidebyside}
Z=http://127.0.0.1:${ZPORT:-8090}; G=http://127.0.0.1:${GPORT:-8888}
for i in $(seq 1 "$N"); do
  for call in info list filtered; do
    case $call in
      info) z="-m GET -u $Z/auth/info"; g="-m GET -u $G/user/getUserInfo";;
      list) z="-m POST -u $Z/api/users/list?page=0&size=10"; g="-m POST -u $G/user/getUserList -b {\"page\":1,\"pageSize\":10}";;
      filtered) z="-m POST -u $Z/api/users/list?page=0&size=10 -b {\"blurry\":\"user199\"}"
                g="-m POST -u $G/user/getUserList -b {\"page\":1,\"pageSize\":10,\"username\":\"user199\"}";;
    esac
    order="z g"; [ $((i % 2)) -eq 0 ] && order="g z"
    for who in $order; do
      if [ "$who" = z ]; then r=$($L -c 8 -d "${D}s" $z -H "Authorization:Bearer%20$ZTOK")
      else r=$($L -c 8 -d "${D}s" $g -H "x-token:$GTOK"); fi
      echo "$i $call $who $r $(cut -d' ' -f1-3 /proc/loadavg)"
    done
  done
done
