"""How the web layer serves what is asked often or takes long: the page cache keyed by the
event's revision with its ETags (`caching`, on Redis when several servers share it and "no
cache" when Redis is away, `resilient_cache`), the 304 answered before Flask runs
(`fast_path`), the printed reports rendered in the background (`pdf_jobs`) and their two lanes
(`pdf_lanes`), and the ``Server-Timing`` header (`server_timing`).

It reads the models, the config and the extensions (the cache, the queue); no blueprint, view
or service is imported here: the blueprints import it, and the factory installs it."""
