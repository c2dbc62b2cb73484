"""racerbile: rules engines, web play, referees, bots and a simulator for four racing games.

A regular package (not a namespace package), so that a second checkout on
``PYTHONPATH`` replaces this one whole instead of merging with it.
"""
