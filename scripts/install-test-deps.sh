#!/usr/bin/env bash
# Installs the system packages the test suites use: Chromium (end-to-end), PostgreSQL 15 (integration),
# poppler-utils (pdfsig and pdftotext check the sealed contract PDFs), nginx (the cluster suite's proxy) and
# redis-server (the rate-limit store's Redis tests start one of their own).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -x /usr/bin/redis-server ] || need+=(redis-server)
command -v pdfsig >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ ${#need[@]} -eq 0 ] && exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
