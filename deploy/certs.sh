#!/bin/sh
# Puts the certificates in place before the services that use them start (docker-compose.yml,
# services `proxy-certs` and `kurrentdb-certs`; runs in the postgres image, which has openssl).
#
#   certs.sh proxy       /tls: cert.pem + key.pem for nginx. The plant's own pair in /plant
#                        (TLS_CERT_DIR in .env) is copied on every start, so a renewed certificate
#                        is picked up by `docker compose up -d`; without one, a self-signed pair
#                        for TLS_HOSTNAMES is made once and kept.
#   certs.sh kurrentdb   /certs: ca/ca.crt, node/node.crt, node/node.key for KurrentDB and the
#                        CA for its clients. The plant's own set in /plant (KURRENTDB_CERT_DIR) is
#                        copied on every start; without one a private CA signs a node certificate
#                        for the names `kurrentdb` and `localhost`, once. The CA's key is not kept.
#
# CERTS_RENEW=true replaces a generated set with a new one (then restart what uses it).
set -eu
umask 077
# Where the folders are mounted; another root only for trying the script outside a container.
root=${CERTS_ROOT:-}

fail() {
  echo "certs: $*" >&2
  exit 1
}

# Subject alternative names from a comma-separated list of host names and IP addresses.
san_of() {
  out=""
  for name in $(echo "$1" | tr ',' ' '); do
    if echo "$name" | grep -Eq '^[0-9.]+$|:'; then entry="IP:$name"; else entry="DNS:$name"; fi
    out="${out:+$out,}$entry"
  done
  [ -n "$out" ] || fail "no host name given"
  echo "$out"
}

proxy() {
  if [ -s "$root/plant/cert.pem" ] && [ -s "$root/plant/key.pem" ]; then
    cp "$root/plant/cert.pem" "$root/tls/cert.pem"
    cp "$root/plant/key.pem" "$root/tls/key.pem"
    rm -f "$root/tls/self-signed"
    echo "certs: the plant's certificate from TLS_CERT_DIR is in use"
    return
  fi
  if [ -s "$root/tls/cert.pem" ] && [ "${CERTS_RENEW:-false}" != "true" ]; then
    echo "certs: keeping the certificate made before"
    return
  fi
  san=$(san_of "${TLS_HOSTNAMES:-localhost,127.0.0.1}")
  first=$(echo "${TLS_HOSTNAMES:-localhost}" | cut -d, -f1)
  openssl req -x509 -newkey rsa:2048 -nodes -days 825 -subj "/CN=$first" \
    -addext "subjectAltName=$san" -addext "extendedKeyUsage=serverAuth" \
    -keyout "$root/tls/key.pem" -out "$root/tls/cert.pem" 2>/dev/null || fail "openssl could not make the certificate"
  touch "$root/tls/self-signed"
  echo "certs: made a self-signed certificate for $san (valid 825 days)"
}

kurrentdb() {
  mkdir -p "$root/certs/ca" "$root/certs/node"
  if [ -s "$root/plant/ca.crt" ] && [ -s "$root/plant/node.crt" ] && [ -s "$root/plant/node.key" ]; then
    cp "$root/plant/ca.crt" "$root/certs/ca/ca.crt"
    cp "$root/plant/node.crt" "$root/certs/node/node.crt"
    cp "$root/plant/node.key" "$root/certs/node/node.key"
    echo "certs: the plant's KurrentDB certificates from KURRENTDB_CERT_DIR are in use"
  elif [ -s "$root/certs/node/node.crt" ] && [ "${CERTS_RENEW:-false}" != "true" ]; then
    echo "certs: keeping the KurrentDB certificates made before"
  else
    work=$(mktemp -d)
    openssl req -x509 -newkey rsa:2048 -nodes -days 1825 -subj "/CN=Linea KurrentDB CA" \
      -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
      -keyout "$work/ca.key" -out "$root/certs/ca/ca.crt" 2>/dev/null || fail "openssl could not make the CA"
    openssl req -new -newkey rsa:2048 -nodes -subj "/CN=kurrentdb-node" \
      -keyout "$root/certs/node/node.key" -out "$work/node.csr" 2>/dev/null || fail "openssl could not make the node key"
    printf '%s\n' "subjectAltName=DNS:kurrentdb,DNS:localhost,IP:127.0.0.1" \
      "extendedKeyUsage=serverAuth,clientAuth" "keyUsage=critical,digitalSignature,keyEncipherment" >"$work/ext"
    openssl x509 -req -in "$work/node.csr" -CA "$root/certs/ca/ca.crt" -CAkey "$work/ca.key" -CAserial "$work/ca.srl" -CAcreateserial \
      -days 825 -extfile "$work/ext" -out "$root/certs/node/node.crt" 2>/dev/null || fail "openssl could not sign the node certificate"
    rm -rf "$work"
    echo "certs: made a private CA and a KurrentDB node certificate for kurrentdb, localhost (valid 825 days)"
  fi
  # KurrentDB and the app both run as uid 1000: the node key for its owner only, the CA for all.
  if [ "$(id -u)" = 0 ]; then chown -R 1000:1000 "$root/certs"; fi
  chmod 755 "$root/certs" "$root/certs/ca" "$root/certs/node"
  chmod 644 "$root/certs/ca/ca.crt" "$root/certs/node/node.crt"
  chmod 600 "$root/certs/node/node.key"
}

case "${1:-}" in
  proxy) proxy ;;
  kurrentdb) kurrentdb ;;
  *) fail "usage: certs.sh proxy|kurrentdb" ;;
esac
