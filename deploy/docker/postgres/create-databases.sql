-- Run by the postgres-init job of docker-compose.yml on every `docker compose up`; idempotent.
-- psql variables: app_user, app_password, databases (comma-separated names).
-- Creates the services' login role, keeps its password equal to the one in .env (so rotating
-- DB_PASSWORD is: edit .env, `docker compose up -d`), and creates each missing database owned by it.

SELECT format('CREATE ROLE %I LOGIN', :'app_user')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app_user')
\gexec

SELECT format('ALTER ROLE %I WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L', :'app_user', :'app_password')
\gexec

SELECT format('CREATE DATABASE %I OWNER %I', name, :'app_user')
FROM unnest(string_to_array(:'databases', ',')) AS name
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = name)
\gexec

-- Nobody but the owner connects to a service's database.
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', name)
FROM unnest(string_to_array(:'databases', ',')) AS name
\gexec
