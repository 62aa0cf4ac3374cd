"""Drives `dyntype serve` in headless Chromium (Selenium): the page loads every tile, the slider
changes the images and the findings, an edited note updates its tile, and a screenshot is saved.

Usage: serve_page_test.py URL NOTE_FILE SCREENSHOT.png
Prints one JSON line with what it measured; exits non-zero (with the reason) when a check fails.
"""
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

url, note_file, screenshot = sys.argv[1], sys.argv[2], sys.argv[3]

options = Options()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(condition, what, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception:  # the page is still rendering
            pass
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


def loaded_images():
    return driver.execute_script(
        "return [...document.querySelectorAll('.tile img')].map(i => [i.closest('.tile').dataset.view, i.dataset.loaded || '', i.naturalWidth])")


try:
    driver.get(url)
    wait(lambda: len(loaded_images()) > 0 and all(l[1] == "large" and l[2] > 0 for l in loaded_images()), "every tile at large")
    tiles = [l[0] for l in loaded_images()]
    findings_before = driver.find_element(By.ID, "tiles").text

    # The slider: keyboard-accessible, six steps right from large is accessibility3.
    slider = driver.find_element(By.ID, "size")
    assert slider.get_attribute("type") == "range", "the text size control is a range input"
    driver.execute_script("arguments[0].focus()", slider)  # keyboard only: a click would jump to its position
    started = time.time()
    for _ in range(6):
        slider.send_keys(Keys.ARROW_RIGHT)
    wait(lambda: driver.find_element(By.ID, "sizeName").text == "accessibility3", "the slider's label")
    wait(lambda: all(l[1] == "accessibility3" and l[2] > 0 for l in loaded_images()), "every tile at accessibility3")
    slider_to_image = time.time() - started
    findings_after = driver.find_element(By.ID, "tiles").text
    assert findings_after != findings_before, "the findings change with the size"
    assert "truncated" in findings_after, "the notes list's truncated titles are listed at accessibility3"
    render_ms = driver.execute_script("return window.dyntypeState.lastRenderMs")

    # Edit a note: its tile is pushed over the WebSocket and re-rendered.
    generation = driver.execute_script("return window.dyntypeState.generation")
    with open(note_file, "a", encoding="utf-8") as handle:
        handle.write("\nAdded while the page was open: Supercalifragilisticexpialidocious words wrap.\n")
    edited_at = time.time()
    wait(lambda: driver.execute_script("return window.dyntypeState.generation") > generation, "the pushed change", timeout=15)
    wait(lambda: all(l[2] > 0 for l in loaded_images()), "the re-rendered tiles")
    push_seconds = time.time() - edited_at

    driver.save_screenshot(screenshot)
    print(json.dumps({
        "tiles": tiles, "sliderToImagesSeconds": round(slider_to_image, 3), "lastImageMs": render_ms,
        "pushSeconds": round(push_seconds, 3),
    }))
finally:
    driver.quit()
