-- RELEASES_STORE=storage: a release's files are kept in the app's file storage (S3 when it is
-- configured, else the files folder) under `releases/<name>/<release>/<path>`; their rows keep the
-- path, with no body. A row with a body (RELEASES_STORE=database) is read from the database.
alter table release_files alter column body drop not null;
