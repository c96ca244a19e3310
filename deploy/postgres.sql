-- The club's database: a role that logs in through the local socket (peer authentication: the system user
-- marquoir) and owns its database. Run as PostgreSQL's superuser: sudo -u postgres psql -f deploy/postgres.sql
CREATE ROLE marquoir LOGIN;
CREATE DATABASE marquoir OWNER marquoir ENCODING 'UTF8' TEMPLATE template0;
