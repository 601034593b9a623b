# make                       build the release binary (runs without the Swift toolchain) and its man page
# make install [PREFIX=DIR]  install it (default /usr/local; DESTDIR= stages it for a package)
# make deb                   build .build/deb/kinetic_VERSION_ARCH.deb
# make test                  the test suite (scripts/test.sh, as CI runs it)
# make test-install          prove the installed binary, the .deb and a bundle run without the toolchain
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all install deb test test-install

all:
	scripts/release.sh

install:
	scripts/install.sh --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

deb:
	scripts/deb.sh

test:
	scripts/test.sh

test-install:
	scripts/test-install.sh
