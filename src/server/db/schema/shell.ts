// Tables of the session/shell area (notices, feedback, files, dictionaries) — see migrations/0002_shell.sql.
export {}
