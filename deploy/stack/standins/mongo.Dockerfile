# Local stand-in for mongo:7: FerretDB (a MongoDB wire-protocol server, built by
# deploy/ from the Go module proxy) with its SQLite backend, on 27017 like the
# official image, creating the MONGO_INITDB_ROOT_* user on first start.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY ferretdb /usr/local/bin/ferretdb
COPY mongo-entrypoint.sh /usr/local/bin/entrypoint.sh
RUN groupadd --gid 999 mongodb && useradd --uid 999 --gid mongodb --no-create-home mongodb \
 && mkdir -p /data/db/sqlite /data/db/state && chown -R mongodb:mongodb /data/db
USER mongodb
ENV DO_NOT_TRACK=1
EXPOSE 27017
ENTRYPOINT ["/usr/local/bin/entrypoint.sh"]
