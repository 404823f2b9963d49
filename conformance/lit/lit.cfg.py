# -*- Python -*-
# lit configuration of the quant-interp CLI suite (spec/cli.md, docs/errors.md).
#
# Build-specific paths come from lit.site.cfg.py, which CMake configures into
# <build>/conformance/lit/ from lit.site.cfg.py.in. It is found, in order, from
#   1. --param qi_site_config=PATH          (what the CTest test passes)
#   2. the environment variable QI_LIT_SITE_CONFIG
#   3. <repo>/build/conformance/lit/lit.site.cfg.py  (the README's build dir)
# so `lit -sv conformance/lit` works from the source root after the README build.
#
# Tools: tests call the tools by their plain names -- quant-interp, FileCheck,
# not, mlir-opt, split-file -- which are found on PATH: the build's bin dir
# first, then QI_TOOLS_DIR (/usr/lib/llvm-22/bin by default). %python is the
# Python that runs lit, for the helper scripts in Inputs/; %inputs is the Inputs/ directory.

import os
import sys

import lit.formats

config.name = "quant-interp"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

repo_root = os.path.dirname(os.path.dirname(config.test_source_root))
site_config = (lit_config.params.get("qi_site_config")
               or os.environ.get("QI_LIT_SITE_CONFIG")
               or os.path.join(repo_root, "build", "conformance", "lit", "lit.site.cfg.py"))
if not os.path.isfile(site_config):
    lit_config.fatal("cannot find lit.site.cfg.py at '%s': configure and build first "
                     "(cmake -S . -B build -G Ninja && ninja -C build), or pass "
                     "--param qi_site_config=PATH" % site_config)
lit_config.load_config(config, site_config)

# Output/ directories go to the build tree, not the sources.
config.test_exec_root = config.qi_lit_exec_dir

quant_interp = os.path.join(config.qi_bin_dir, "quant-interp")
if not os.path.isfile(quant_interp):
    lit_config.fatal("quant-interp not built: '%s' is missing" % quant_interp)

path = [config.qi_bin_dir, config.qi_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
# Stable messages: no colours, no locale-dependent text.
config.environment["LC_ALL"] = "C"

config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
