#!/usr/bin/env bash
# Builds rf4j's two jlink runtime images from the module folders Maven prepared (dist/pom.xml),
# gives each an application class-data-sharing (AppCDS) archive, and smoke-tests both.
#
#   IMAGE_APP    the whole app (Guice included); launcher bin/rf4j
#   IMAGE_EMBED  the Guice-free library (front door org.rf4j and the mechanisms) + the embed launcher (this module's JAR); launcher
#                bin/rf4j-embed, with a plugins directory like the app image's
#
# Environment (set by dist/pom.xml): JAVA_HOME (the JDK whose jlink runs), JLINK_COMPRESS,
# MODULES_APP, MODULES_EMBED, IMAGE_APP, IMAGE_EMBED.
set -euo pipefail

jlink="$JAVA_HOME/bin/jlink"
jar="$JAVA_HOME/bin/jar"
common=(--strip-debug --no-header-files --no-man-pages "--compress=$JLINK_COMPRESS" --generate-cds-archive)

# The module name of every JAR in a folder whose name starts with a prefix, comma-separated.
modules_of() {
  local dir=$1 prefix=$2 names=()
  for j in "$dir"/*.jar; do
    local n
    n=$("$jar" --describe-module --file "$j" | head -1 | sed 's/[@ ].*//')
    [[ $n == "$prefix"* ]] && names+=("$n")
  done
  (IFS=,; echo "${names[*]}")
}

# Writes the image's launcher: uses the image's AppCDS archive when it is there, and (app image)
# the image's plugins/ folder unless RF4J_PLUGINS or --plugins names another.
# $1 image, $2 launcher name, $3 module/main class, $4 "plugins" for the app image
write_launcher() {
  local extra=""
  local major
  major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release")
  # JDK 24+ warns when Guice/Guava use sun.misc.Unsafe memory access; the flag is unknown before 23.
  if [[ $4 == plugins && $major -ge 24 ]]; then extra="--sun-misc-unsafe-memory-access=allow"; fi
  cat > "$1/bin/$2" <<LAUNCHER
#!/bin/sh
# $2: runs $3 in this runtime image (no JDK needed). The class-data-sharing archive lib/$2.jsa,
# dumped at build time from a run of the image, maps the application's classes in pre-parsed;
# without it the JVM loads classes normally (-Xshare:auto). JAVA_OPTS adds JVM options.
DIR=\$(CDPATH= cd -- "\$(dirname -- "\$0")" && pwd)
# On JDK 25+ the image carries an AOT cache (lib/$2.aot: classes loaded and linked) instead.
CDS=
if [ -f "\$DIR/../lib/$2.aot" ]; then CDS="-XX:AOTCache=\$DIR/../lib/$2.aot -Xlog:aot=off -Xlog:cds=off";
elif [ -f "\$DIR/../lib/$2.jsa" ]; then CDS="-XX:SharedArchiveFile=\$DIR/../lib/$2.jsa -Xshare:auto"; fi
LAUNCHER
  if [[ $4 == plugins ]]; then
    mkdir -p "$1/plugins"
    cat >> "$1/bin/$2" <<'LAUNCHER'
if [ -z "${RF4J_PLUGINS:-}" ]; then RF4J_PLUGINS="$DIR/../plugins"; export RF4J_PLUGINS; fi
LAUNCHER
  fi
  cat >> "$1/bin/$2" <<LAUNCHER
exec "\$DIR/java" \$CDS $extra \$JAVA_OPTS -m $3 "\$@"
LAUNCHER
  chmod +x "$1/bin/$2"
}

# Dumps the classes a typical run loads into lib/NAME.jsa (dynamic AppCDS, JDK 13+), or on JDK 25+
# records the run and builds lib/NAME.aot from it (the AOT cache: classes loaded and linked).
# $1 image, $2 launcher name, $3 module/main class, rest: the training command's arguments
archive() {
  local image=$1 name=$2 main=$3; shift 3
  local major
  major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$image/release")
  rm -f "$image/lib/$name.jsa" "$image/lib/$name.aot"
  if [[ $major -ge 25 ]]; then
    local conf="$image/lib/$name.aotconf"
    "$image/bin/java" -XX:AOTMode=record -XX:AOTConfiguration="$conf" -Xlog:aot=off -Xlog:cds=off \
        -m "$main" "$@" > /dev/null 2>&1 \
      && "$image/bin/java" -XX:AOTMode=create -XX:AOTConfiguration="$conf" -XX:AOTCache="$image/lib/$name.aot" \
        -Xlog:aot=off -Xlog:cds=off -m "$main" > /dev/null 2>&1 \
      || { rm -f "$image/lib/$name.aot"; echo "warning: AOT training run of $name failed; image works without the cache"; }
    rm -f "$conf"
    return
  fi
  "$image/bin/java" -XX:ArchiveClassesAtExit="$image/lib/$name.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \
      -m "$main" "$@" > /dev/null 2>&1 || echo "warning: CDS training run of $name failed; image works without the archive"
}

# (No jdk.random: rf4j's random streams carry their own generator, org.rf4j.api.random.L64X128MixRandom.)

rf4j_modules=$(modules_of "$MODULES_APP" org.rf4j.)
echo "[jlink] app image: $rf4j_modules + Guice, Jackson, picocli, logback"
rm -rf "$IMAGE_APP"
"$jlink" --module-path "$MODULES_APP" --add-modules "$rf4j_modules,ch.qos.logback.classic,java.naming" \
    --output "$IMAGE_APP" "${common[@]}"
write_launcher "$IMAGE_APP" rf4j org.rf4j.app/org.rf4j.app.Main plugins
archive "$IMAGE_APP" rf4j org.rf4j.app/org.rf4j.app.Main mechanisms

embed_modules=$(modules_of "$MODULES_EMBED" org.rf4j.)
echo "[jlink] embed image: $embed_modules"
rm -rf "$IMAGE_EMBED"
"$jlink" --module-path "$MODULES_EMBED" --add-modules "$embed_modules" \
    --output "$IMAGE_EMBED" "${common[@]}"
write_launcher "$IMAGE_EMBED" rf4j-embed org.rf4j.embed/org.rf4j.embed.Embed plugins
archive "$IMAGE_EMBED" rf4j-embed org.rf4j.embed/org.rf4j.embed.Embed estimate --trials 20

# Shell completion (bash and zsh), generated from the command tree by the image itself.
mkdir -p "$IMAGE_APP/completion"
"$IMAGE_APP/bin/rf4j" completion > "$IMAGE_APP/completion/rf4j.bash" 2>/dev/null \
  || { echo "[jlink] completion script could not be generated" >&2; exit 1; }
# Man pages (troff, section 1), rendered from the same command tree.
"$IMAGE_APP/bin/rf4j" manpage "$IMAGE_APP/man/man1" > /dev/null 2>&1 \
  || { echo "[jlink] man pages could not be generated" >&2; exit 1; }

MODULES_APP="$MODULES_APP" bash "$(dirname "$0")/smoke-images.sh" "$IMAGE_APP" "$IMAGE_EMBED"

# The CLI's distribution archive: the app image as a tarball (licence and notice inside).
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cp "$root/LICENSE" "$root/NOTICE" "$IMAGE_APP/"
archive_name="rf4j-${RF4J_VERSION:-dev}-$(uname -s | tr 'A-Z' 'a-z')-$(uname -m).tar.gz"
tar -czf "$(dirname "$IMAGE_APP")/$archive_name" -C "$(dirname "$IMAGE_APP")" --transform "s,^$(basename "$IMAGE_APP"),rf4j," "$(basename "$IMAGE_APP")"
echo "[jlink] distribution: $(dirname "$IMAGE_APP")/$archive_name ($(du -h "$(dirname "$IMAGE_APP")/$archive_name" | cut -f1))"

# The second distribution: the launcher and the modules as JARs, for any installed JDK 17+.
staging="$(dirname "$IMAGE_APP")/rf4j-jars"
rm -rf "$staging"; mkdir -p "$staging/lib" "$staging/completion" "$staging/man"
cp "$root/rf4j" "$root/LICENSE" "$root/NOTICE" "$staging/"
cp "$MODULES_APP"/*.jar "$staging/lib/"
cp "$IMAGE_APP/completion/rf4j.bash" "$staging/completion/"
cp -r "$IMAGE_APP/man/man1" "$staging/man/"
zip_name="rf4j-${RF4J_VERSION:-dev}-jars.zip"
"$JAVA_HOME/bin/jar" --create --no-manifest --file "$(dirname "$IMAGE_APP")/$zip_name" -C "$(dirname "$IMAGE_APP")" rf4j-jars
check="$(mktemp -d)"
(cd "$check" && "$JAVA_HOME/bin/jar" xf "$(dirname "$IMAGE_APP")/$zip_name")
if JAVA_HOME="$JAVA_HOME" RF4J_CDS=off bash "$check/rf4j-jars/rf4j" mechanisms --json > /dev/null 2>&1; then
  echo "[jlink] distribution: $(dirname "$IMAGE_APP")/$zip_name (launcher + JARs; runs from the unpacked zip)"
else
  echo "[jlink] the launcher from $zip_name does not run" >&2; rm -rf "$check"; exit 1
fi
rm -rf "$check"
