# backoffice/base-postgres: Debian's PostgreSQL with the interface of the official postgres image that
# docker-compose.yml uses (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, data in /var/lib/postgresql/data, pg_isready
# and psql on PATH). Made by base-images.mjs only where the official image cannot be pulled.
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql \
 && rm -rf /var/lib/apt/lists/* /var/lib/postgresql/* /etc/postgresql/* \
 && ln -s "$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1)" /usr/local/lib/postgresql-bin \
 && mkdir -p /var/lib/postgresql/data /var/run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
# The server's own tools first (Debian's wrappers in /usr/bin look for clusters this image does not have).
ENV PGDATA=/var/lib/postgresql/data \
    PATH=/usr/local/lib/postgresql-bin:$PATH
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
