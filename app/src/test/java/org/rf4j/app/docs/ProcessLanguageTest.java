/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.rf4j.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Code, scripts, build files and docs say what the code does and why, in words a reader of the
 * repository can follow: no references to a tracker's numbers or to how the work was organised,
 * and the papers cited by title and authors, never by a path outside the repository.
 */
class ProcessLanguageTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Spelt in pieces so that this file does not match itself. */
    private static final Pattern PROCESS = Pattern.compile("(?i)\\b(?:" + "iss" + "ue[ -]?#?\\d+|this " + "round\\b"
            + "|(?:previous|earlier|last) " + "round\\b(?! ?(?:of|'s)\\b)|the " + "brief\\b)|\\.\\./" + "shared/");
    private static final Pattern TEXT_FILE = Pattern.compile(".*\\.(java|md|sh|py|xml|properties|txt|json)$|.*/(mvnw|rf4j|run|"
            + "consumer-check|jlink-smoke)$");

    static List<Path> files() {
        try (Stream<Path> all = Files.walk(ROOT)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> {
                        String rel = ROOT.relativize(p).toString().replace('\\', '/');
                        return !rel.startsWith(".git/") && !rel.contains("/target/") && !rel.startsWith("target/")
                                && !rel.contains("/.mvn/") && !rel.startsWith(".mvn/") && !rel.contains("node_modules/")
                                && !rel.equals("LICENSE") && TEXT_FILE.matcher("/" + rel).matches();
                    })
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> findings(Path root, List<Path> files) {
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            } catch (IOException e) {
                continue; // not text
            }
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = PROCESS.matcher(lines.get(i));
                if (m.find()) {
                    found.add(root.relativize(f) + ":" + (i + 1) + ": " + m.group());
                }
            }
        }
        return found;
    }

    @Test
    void noProcessLanguageInCodeScriptsBuildFilesOrDocs() {
        List<Path> files = files();
        assertThat(files).contains(ROOT.resolve("README.md"), ROOT.resolve("pom.xml"));
        assertThat(findings(ROOT, files)).isEmpty();
    }

    @Test
    void theCheckFindsTrackerNumbersRoundsAndPathsOutsideTheRepository(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Path f = Files.writeString(dir.resolve("A.java"), String.join("\n",
                "// fixed for " + "Iss" + "ue 15: the limit",
                "// measured this " + "round",
                "// see ../" + "shared/papers/x.txt",
                "// the refinement's last " + "round of weights is fine",
                "// rounded once, round-tripping, the 15 issues of a matrix are fine"));
        List<String> found = findings(dir, List.of(f));
        assertThat(found).containsExactly("A.java:1: " + "Iss" + "ue 15", "A.java:2: this " + "round",
                "A.java:3: ../" + "shared/");
    }
}
