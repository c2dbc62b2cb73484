"""The load benchmark of the game server (run it with ``benchmarks/bench_server_load.py``)."""
