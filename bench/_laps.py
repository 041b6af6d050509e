import sys, json
sys.path.insert(0,'..'); sys.path.insert(0,'../tests')
from serve import running
from browser import chromium
from first_paint import FIRST_FRAME, hello_world_ids
hello = hello_world_ids()
with running('app.py') as (url,_,_), chromium() as browser:
    ctx = browser.new_context(viewport={"width":1600,"height":1000})
    ctx.add_init_script(FIRST_FRAME % json.dumps(hello))
    page = ctx.new_page()
    page.on("console", lambda m: print("COLD", m.text) if m.text.startswith("LAP") else None); page.goto(url); print("cold", page.wait_for_function("() => window.benchFirstPaint", timeout=60000).json_value())
    for rep in range(3):
        logs=[]
        page.on("console", lambda m: logs.append(m.text) if m.text.startswith("LAP") else None)
        page.reload()
        ms = page.wait_for_function("() => window.benchFirstPaint", timeout=60000).json_value()
        page.wait_for_timeout(500)
        nav = page.evaluate("() => { const n = performance.getEntriesByType('navigation')[0]; return [n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd]; }")
        print("first paint", round(ms), "nav", [round(x) for x in nav])
        for l in logs: print("  ", l)
        page.remove_listener("console", page.listeners("console")[0]) if hasattr(page,'listeners') else None
    ctx.close()
