# tvm: build, install, test and regenerate the documentation. See README.md, "Install".
#
#   make install PREFIX=~/.local     release build, then tvm, its five tool names, man pages and completions
#   make uninstall PREFIX=~/.local   removes exactly what install put there
#   make test                        every test (scripts/test.sh)
#   make docs                        regenerates man/ and completions/ from the tools' declarations
#   make deb                         a Debian package, tvm_VERSION_ARCH.deb, checked by lintian (scripts/make-deb.sh)
#   make dist                        tvm-VERSION-linux-ARCH.tar.gz and its .sha256: the program, man pages and
#                                    completions, with an install.sh (scripts/make-dist.sh)
#
# DESTDIR is prepended to every installed path (staged installs, packaging). ZSH_COMPLETION_DIR is where zsh's
# scripts go: site-functions, which zsh reads under /usr/local; a package for /usr uses Debian's vendor-completions.

PREFIX ?= /usr/local
DESTDIR ?=
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions

# The five tools: one program, tvm, installed once, and these names as symbolic links to it.
TOOLS := tvm-fetch tvm-search tvm-fav tvm-episodes tvm-img

BINDIR := $(DESTDIR)$(PREFIX)/bin
MAN1DIR := $(DESTDIR)$(PREFIX)/share/man/man1
MAN7DIR := $(DESTDIR)$(PREFIX)/share/man/man7
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(ZSH_COMPLETION_DIR)
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

SWIFT_RELEASE := swift build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Osize --product tvm

.PHONY: all build install uninstall test docs deb dist

all: build

build:
	bash scripts/deps.sh build
	$(SWIFT_RELEASE)

install: build
	install -d "$(BINDIR)" "$(MAN1DIR)" "$(MAN7DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	bin=$$($(SWIFT_RELEASE) --show-bin-path) && install -m 755 -s "$$bin/tvm" "$(BINDIR)/tvm"
	for tool in $(TOOLS); do ln -sf tvm "$(BINDIR)/$$tool" || exit 1; done
	for command in tvm $(TOOLS); do install -m 644 "man/$$command.1" "$(MAN1DIR)/$$command.1" || exit 1; done
	for command in tvm $(TOOLS); do \
	    install -m 644 "completions/bash/$$command" "$(BASHDIR)/$$command" && \
	    install -m 644 "completions/zsh/_$$command" "$(ZSHDIR)/_$$command" && \
	    install -m 644 "completions/fish/$$command.fish" "$(FISHDIR)/$$command.fish" || exit 1; \
	done
	install -m 644 man/tvm.7 "$(MAN7DIR)/tvm.7"

uninstall:
	for command in tvm $(TOOLS); do \
	    rm -f "$(BINDIR)/$$command" "$(MAN1DIR)/$$command.1" "$(BASHDIR)/$$command" "$(ZSHDIR)/_$$command" \
	        "$(FISHDIR)/$$command.fish"; \
	done
	rm -f "$(MAN7DIR)/tvm.7"

test:
	bash scripts/test.sh

docs:
	bash scripts/generate-docs.sh

deb:
	bash scripts/make-deb.sh

dist:
	bash scripts/make-dist.sh
