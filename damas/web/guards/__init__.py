"""What a request may send before any blueprint reads it: URL and form ids bounded to the
database's integers (`converters`), no NUL character anywhere (`input_guard`), request bodies
within the app's limit but for the few larger uploads (`body_limits`), the account routes'
throttles (`limits`) and the growing waits between failed logins (`login_delay`).

It imports the extensions and the engine's integer bounds only; every blueprint may import it."""
