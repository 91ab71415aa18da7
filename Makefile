# tvm: build, install and uninstall the five tools with their man pages and shell completions.
#   make install PREFIX=~/.local      (default PREFIX=/usr/local; DESTDIR is honoured for packaging)
#   make uninstall PREFIX=~/.local
#   make test                          (the README's test command)
#   make docs                          (regenerate man/ and completions/ from the tools' declarations)
PREFIX ?= /usr/local
DESTDIR ?=
TOOLS := tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img
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
	for tool in $(TOOLS); do install -m 755 -s ".build/release/$$tool" "$(BINDIR)/$$tool"; done
	for tool in $(TOOLS); do install -m 644 "man/$$tool.1" "$(MAN1DIR)/$$tool.1"; done
	install -m 644 man/tvm.7 "$(MAN7DIR)/tvm.7"
	for tool in $(TOOLS); do \
		install -m 644 "completions/bash/$$tool" "$(BASHDIR)/$$tool"; \
		install -m 644 "completions/zsh/_$$tool" "$(ZSHDIR)/_$$tool"; \
		install -m 644 "completions/fish/$$tool.fish" "$(FISHDIR)/$$tool.fish"; \
	done

uninstall:
	for tool in $(TOOLS); do \
		rm -f "$(BINDIR)/$$tool" "$(MAN1DIR)/$$tool.1" "$(BASHDIR)/$$tool" "$(ZSHDIR)/_$$tool" \
			"$(FISHDIR)/$$tool.fish"; \
	done
	rm -f "$(MAN7DIR)/tvm.7"

test:
	bash scripts/test.sh

docs:
	bash scripts/generate-docs.sh
