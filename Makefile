# tvm: build, install, test and regenerate the documentation. See README.md, "Install".
#
#   make install PREFIX=~/.local     release build, then the tools, man pages and completions under PREFIX
#   make uninstall PREFIX=~/.local   removes exactly what install put there
#   make test                        every test (scripts/test.sh)
#   make docs                        regenerates man/ and completions/ from the tools' declarations
#
# DESTDIR is prepended to every installed path (staged installs, packaging).

PREFIX ?= /usr/local
DESTDIR ?=

# The tools are the executable products of Package.swift.
TOOLS := $(shell sed -n 's/.*[.]executable.name: "\([^"]*\)".*/\1/p' Package.swift)

BINDIR := $(DESTDIR)$(PREFIX)/bin
MAN1DIR := $(DESTDIR)$(PREFIX)/share/man/man1
MAN7DIR := $(DESTDIR)$(PREFIX)/share/man/man7
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build install uninstall test docs

all: build

build:
	bash scripts/deps.sh build
	swift build -c release --static-swift-stdlib

install: build
	install -d "$(BINDIR)" "$(MAN1DIR)" "$(MAN7DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	bin=$$(swift build -c release --static-swift-stdlib --show-bin-path) && \
	for tool in $(TOOLS); do install -m 755 -s "$$bin/$$tool" "$(BINDIR)/$$tool"; done
	for tool in $(TOOLS); do \
	    install -m 644 "man/$$tool.1" "$(MAN1DIR)/$$tool.1" && \
	    install -m 644 "completions/bash/$$tool" "$(BASHDIR)/$$tool" && \
	    install -m 644 "completions/zsh/_$$tool" "$(ZSHDIR)/_$$tool" && \
	    install -m 644 "completions/fish/$$tool.fish" "$(FISHDIR)/$$tool.fish" || exit 1; \
	done
	install -m 644 man/tvm.7 "$(MAN7DIR)/tvm.7"

uninstall:
	for tool in $(TOOLS); do \
	    rm -f "$(BINDIR)/$$tool" "$(MAN1DIR)/$$tool.1" "$(BASHDIR)/$$tool" "$(ZSHDIR)/_$$tool" "$(FISHDIR)/$$tool.fish"; \
	done
	rm -f "$(MAN7DIR)/tvm.7"

test:
	bash scripts/test.sh

docs:
	bash scripts/generate-docs.sh
