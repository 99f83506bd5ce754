"""The shared test kit: what more than one test module uses. Test modules import from
here (and take fixtures from the conftest.py files), never from another test module.

- games: the personas, tables and games made through the services, a replay.
- desk, rooms, forms: a GM's desk table, the sc2 rooms table, a form read from HTML.
- sockets, matrix: a browser tab's socket in the test process, the leak matrix.
- browser, live_site: Chromium pages and the site's processes for the browser tests.
- processes, pages, pg_proxy, site_client, fault_game: the fault tests' real processes,
  pages, a cuttable PostgreSQL link, a plain-HTTP player and a game of short phases.
"""
