"""Opens a preview's contact sheet (index.html) in headless Chromium at 1400 x 1000 and measures
where the accessibility columns are: every category's header must be visible without scrolling.

Usage: contact_sheet_test.py INDEX_HTML SCREENSHOT.png
Prints one JSON line with what it measured; exits non-zero (with the reason) when a check fails.
"""
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

page, screenshot = sys.argv[1], sys.argv[2]
options = Options()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + page)
    time.sleep(0.5)
    measured = driver.execute_script("""
        const headers = [...document.querySelectorAll("tr:first-child th")].slice(1);
        const sheet = document.querySelector(".sheet");
        return {
          viewport: window.innerWidth,
          headers: headers.map(th => th.title || th.textContent),
          rightEdges: headers.map(th => Math.round(th.getBoundingClientRect().right)),
          scrolled: sheet.scrollLeft,
          firstProblems: [...document.querySelectorAll("td.first")].map(td =>
            td.parentElement.querySelector("th.view").textContent + "@" + headers[td.cellIndex - 1].title),
        };
    """)
    driver.save_screenshot(screenshot)
finally:
    driver.quit()
print(json.dumps(measured))
hidden = [name for name, right in zip(measured["headers"], measured["rightEdges"]) if right > measured["viewport"]]
if hidden:
    sys.exit(f"columns past the 1400 px window: {hidden}")
