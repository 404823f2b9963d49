#!/usr/bin/env python3
"""Checks quant-conform's report files with parsers that share no code with
the writers (docs/vendor-guide.md, "Reports").

  check_reports.py --writer BIN --out DIR            results.json, JUnit XML, HTML
  check_reports.py --writer BIN --out DIR --chromium the HTML in headless Chromium

BIN (write_sample_reports) writes DIR/<run>/{results.json,junit.xml,report.html}
for the synthetic runs sample, empty and interrupted. Every expected number
is taken from results.json, which is itself checked for internal consistency.
Python standard library only.
"""
import argparse
import collections
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

RUNS = ["sample", "empty", "interrupted"]
OUTCOMES = ["pass", "fail", "error", "unsupported", "expected-rejection"]
RUN_KEYS = ["format", "tool", "toolVersion", "commandLine", "backend", "backendDetail", "suite", "suiteLevel",
            "profile", "profileDescription", "requantize", "requantizeDescription", "capabilities", "startedAt", "seconds", "interrupted", "counts",
            "byCategory", "diagnosisSummary", "coverage", "cases"]
CASE_KEYS = ["id", "category", "file", "tags", "outcome", "reason", "stderrTail", "elements", "compared",
             "dontCare", "mismatched", "mismatches", "mismatchesByClass", "storedErrorHistogram", "diagnosis",
             "diagnosisMore", "explainedBy", "seconds"]
MISMATCH_KEYS = ["index", "input", "inputClass", "expected", "got", "storedError"]
DIAGNOSIS_KEYS = ["variant", "description", "reproduced", "defined", "undefined", "contradicted", "explains",
                  "exact"]


class CheckError(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise CheckError(message)


def visible(text):
    """What the XML/HTML writers show of backend text: control characters as \\xNN / \\u{NNNN}."""
    def show(m):
        c = ord(m.group(0))
        return "\\x%02X" % c if c < 0x80 else "\\u{%04X}" % c
    return re.sub("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufffe\uffff]", show, text)


def check_json(path):
    with open(path, encoding="utf-8") as f:
        run = json.load(f)
    expect(run.get("format") == "quant-conform-results/2", "%s: format is %r" % (path, run.get("format")))
    expect(list(run) == RUN_KEYS, "%s: top-level keys %s, expected %s" % (path, list(run), RUN_KEYS))
    counts = collections.Counter()
    by_category = collections.defaultdict(collections.Counter)
    for case in run["cases"]:
        expect(list(case) == CASE_KEYS, "%s: case keys %s" % (path, list(case)))
        expect(case["outcome"] in OUTCOMES, "%s: unknown outcome %r" % (path, case["outcome"]))
        for m in case["mismatches"]:
            expect(list(m) == MISMATCH_KEYS, "%s: mismatch keys %s" % (path, list(m)))
        for d in case["diagnosis"]:
            expect(list(d) == DIAGNOSIS_KEYS, "%s: diagnosis keys %s" % (path, list(d)))
            explains = d["defined"] > 0 and d["reproduced"] == d["defined"] and d["contradicted"] == 0
            expect(d["explains"] == explains, "%s: explains flag" % path)
            expect(d["exact"] == (explains and d["undefined"] == 0), "%s: exact flag" % path)
            expect(d["defined"] + d["undefined"] == case["mismatched"] or case["mismatched"] == 0,
                   "%s: %s: reproduced/defined/undefined do not add up to the case's mismatched" % (path, case["id"]))
        for pair in case["storedErrorHistogram"]:
            expect(len(pair) == 2 and all(isinstance(v, int) for v in pair), "%s: histogram entry %r" % (path, pair))
        counts[case["outcome"]] += 1
        by_category[case["category"]][case["outcome"]] += 1
    want = {"cases": len(run["cases"]), **{o: counts[o] for o in OUTCOMES}}
    expect(run["counts"] == want, "%s: counts %s, the cases say %s" % (path, run["counts"], want))
    expect(set(run["byCategory"]) == set(by_category), "%s: byCategory keys" % path)
    for category, c in by_category.items():
        expect(all(run["byCategory"][category][o] == c[o] for o in OUTCOMES), "%s: byCategory %s" % (path, category))
    # The summary counts what the per-case lists hold (issue 25, observation 2).
    explained = collections.Counter()
    for case in run["cases"]:
        if case["outcome"] == "fail":
            explained.update(set(case["explainedBy"]))
    summary = {d["variant"]: d["cases"] for d in run["diagnosisSummary"]}
    expect(summary == dict(explained), "%s: diagnosisSummary %s, the cases' explainedBy say %s"
           % (path, summary, dict(explained)))
    # Coverage classes: the manifest's object (or null) per suite.
    for c in run["coverage"]:
        expect(list(c) == ["suite", "level", "coverage"], "%s: coverage keys %s" % (path, list(c)))
        if c["coverage"] is not None:
            for key in ("pairwise", "threeWise"):
                counts = c["coverage"].get(key)
                expect(counts is None or counts["covered"] <= counts["feasible"],
                       "%s: %s coverage %s %s" % (path, c["suite"], key, counts))
    return run


def check_junit(path, run):
    root = ET.parse(path).getroot()
    expect(root.tag == "testsuites", "%s: root is <%s>" % (path, root.tag))
    counts = run["counts"]
    for attr, key in [("tests", "cases"), ("failures", "fail"), ("errors", "error"), ("skipped", "unsupported")]:
        expect(int(root.get(attr)) == counts[key], "%s: testsuites %s=%s, results.json says %d"
               % (path, attr, root.get(attr), counts[key]))
    kinds = collections.Counter()
    suites = root.findall("testsuite")
    expect(len(suites) == len(run["byCategory"]), "%s: %d testsuites for %d categories"
           % (path, len(suites), len(run["byCategory"])))
    cases_by_id = {c["id"]: c for c in run["cases"]}
    seen = 0
    for suite in suites:
        testcases = suite.findall("testcase")
        local = collections.Counter()
        for tc in testcases:
            seen += 1
            expect(tc.get("classname") == suite.get("name"), "%s: classname %r in suite %r"
                   % (path, tc.get("classname"), suite.get("name")))
            case = cases_by_id.get(tc.get("name"))
            expect(case is not None, "%s: testcase %r is not in results.json" % (path, tc.get("name")))
            expect(case["category"] == tc.get("classname"), "%s: %s category" % (path, case["id"]))
            children = [child.tag for child in tc if child.tag in ("failure", "error", "skipped")]
            want = {"fail": ["failure"], "error": ["error"], "unsupported": ["skipped"]}.get(case["outcome"], [])
            expect(children == want, "%s: %s (%s) has %s" % (path, case["id"], case["outcome"], children))
            for child in children:
                local[child] += 1
                kinds[child] += 1
            if case["outcome"] == "error" and case["stderrTail"]:
                expect(tc.find("error").text == visible(case["stderrTail"]), "%s: %s error body" % (path, case["id"]))
            if case["outcome"] == "fail":
                body = tc.find("failure").text or ""
                for m in case["mismatches"]:
                    expect("element %d: input %s" % (m["index"], visible(m["input"])) in body,
                           "%s: %s failure body lacks element %d" % (path, case["id"], m["index"]))
        expect(int(suite.get("tests")) == len(testcases), "%s: suite %s tests" % (path, suite.get("name")))
        for attr, tag in [("failures", "failure"), ("errors", "error"), ("skipped", "skipped")]:
            expect(int(suite.get(attr)) == local[tag], "%s: suite %s %s" % (path, suite.get("name"), attr))
    expect(seen == counts["cases"], "%s: %d testcases" % (path, seen))
    expect((kinds["failure"], kinds["error"], kinds["skipped"]) == (counts["fail"], counts["error"], counts["unsupported"]),
           "%s: failure/error/skipped elements %s" % (path, dict(kinds)))


class HtmlScan(html.parser.HTMLParser):
    """Collects ids, the summary counts, text, and anything that would load a resource."""
    RESOURCE_ATTRS = {"src", "href", "srcset", "data", "action", "poster", "xlink:href", "formaction", "background"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.counts, self.external, self.text = set(), {}, [], []
        self.stack, self.scripts, self._count_of = [], 0, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for name, value in attrs:
            if name in self.RESOURCE_ATTRS and not (value or "").startswith("#"):
                self.external.append("<%s %s=%r>" % (tag, name, value))
            if name == "style" and re.search(r"url\(|@import", value or ""):
                self.external.append("<%s style=%r>" % (tag, value))
        if tag in ("link", "img", "iframe", "object", "embed", "base"):
            self.external.append("<%s>" % tag)
        if tag == "script":
            self.scripts += 1
        self._count_of = a.get("data-outcome") if tag == "span" else None

    def handle_data(self, data):
        if self._count_of:
            self.counts[self._count_of] = int(data)
            self._count_of = None
        if self.lasttag == "style" and re.search(r"url\(|@import", data):
            self.external.append("<style> with url( or @import")
        self.text.append(data)


def check_html(path, run):
    with open(path, encoding="utf-8") as f:
        source = f.read()
    scan = HtmlScan()
    scan.feed(source)
    scan.close()
    expect(not scan.external, "%s: external resources: %s" % (path, scan.external))
    expect(scan.scripts <= 1, "%s: %d scripts" % (path, scan.scripts))
    for section in ["summary", "matrix", "charts", "diagnosis", "details", "verdict"]:
        expect(section in scan.ids, "%s: no element id=%r" % (path, section))
    expect(scan.counts == {o: run["counts"][o] for o in OUTCOMES}, "%s: summary counts %s, results.json %s"
           % (path, scan.counts, run["counts"]))
    text = "".join(scan.text)
    for case in run["cases"]:
        if case["outcome"] in ("fail", "error", "unsupported"):
            expect(visible(case["id"]) in text, "%s: %r not shown" % (path, case["id"]))
            expect(visible(case["reason"]) in text, "%s: reason of %r not shown" % (path, case["id"]))
    return source


def verdict(run):
    """The line the report's script writes, from results.json's counts."""
    c = run["counts"]
    bad = c["fail"] + c["error"]
    word = "FAIL" if bad else "INCOMPLETE" if run["interrupted"] else "PASS" if c["cases"] else "NO CASES"
    return "Verdict: %s \u2014 %d of %d cases correct" % (word, c["pass"] + c["expected-rejection"], c["cases"])


def chromium_dom(html_path):
    browser = shutil.which("chromium")
    if browser is None:
        raise CheckError("chromium not found on PATH: install Debian's chromium package "
                         "(apt-get install -y chromium); this test fails rather than skips without it")
    with tempfile.TemporaryDirectory(prefix="qi-chromium-") as profile:
        cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
               "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
               "--dump-dom", "file://" + os.path.abspath(html_path)]
        start = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                              env={**os.environ, "HOME": profile})
        elapsed = time.monotonic() - start
    expect(proc.returncode == 0, "chromium exited %d:\n%s" % (proc.returncode, proc.stderr[-3000:]))
    # A script error is logged as "Uncaught ..." on stderr with --enable-logging.
    errors = [l for l in proc.stderr.splitlines() if "Uncaught" in l or ("CONSOLE" in l and "rror" in l)]
    expect(not errors, "%s: JavaScript errors:\n%s" % (html_path, "\n".join(errors)))
    return proc.stdout, elapsed


def check_chromium(path, run):
    dom, elapsed = chromium_dom(path)
    expect('id="summary"' in dom, "%s: the DOM Chromium rendered has no id=\"summary\"" % path)
    for o in OUTCOMES:
        expect('data-outcome="%s">%d<' % (o, run["counts"][o]) in dom, "%s: rendered DOM lacks the %s count" % (path, o))
    # Only the script writes "Verdict:", so this proves it ran to the end without error.
    want = verdict(run)
    expect(want in dom, "%s: rendered DOM lacks %r (did the script run?)" % (path, want))
    details = sum(run["counts"][o] for o in ("fail", "error", "unsupported"))
    if details:
        expect('<input type="checkbox">' in dom, "%s: the script added no outcome filters" % path)
    print("chromium: %s rendered in %.1f s: %s" % (path, elapsed, want))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writer", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--chromium", action="store_true")
    args = parser.parse_args()
    shutil.rmtree(args.out, ignore_errors=True)
    subprocess.run([args.writer, args.out], check=True)
    try:
        for name in RUNS:
            d = os.path.join(args.out, name)
            run = check_json(os.path.join(d, "results.json"))
            expect(run["interrupted"] == (name == "interrupted"), "%s: interrupted flag" % d)
            if args.chromium:
                check_chromium(os.path.join(d, "report.html"), run)
            else:
                check_junit(os.path.join(d, "junit.xml"), run)
                check_html(os.path.join(d, "report.html"), run)
                print("ok: %s (%d cases)" % (d, run["counts"]["cases"]))
    except CheckError as e:
        print("check_reports.py: FAIL: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
