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
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README and the manual under {@code docs/} as a reader follows them: every relative link
 * resolves to a file or folder of the repository, and every {@code #anchor} to a heading of its
 * target (GitHub's heading ids); no link leaves the repository; the README stays a short welcome.
 */
class DocLinksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** {@code [text](target)}, not an image's alt text; the target ends at whitespace or ')'. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");

    /** The Markdown a reader of the repository meets: README, CHANGELOG, docs and the examples' READMEs. */
    static List<Path> documents() {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CHANGELOG.md")));
        for (String dir : List.of("docs", "examples")) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(dir))) {
                files.filter(p -> p.toString().endsWith(".md"))
                        .filter(p -> !p.toString().contains("/target/"))
                        .sorted().forEach(docs::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return docs;
    }

    /** The lines outside fenced code blocks. */
    static List<String> prose(Path doc) {
        List<String> out = new ArrayList<>();
        boolean fenced = false;
        try {
            for (String line : Files.readAllLines(doc, StandardCharsets.UTF_8)) {
                if (line.stripLeading().startsWith("```")) {
                    fenced = !fenced;
                    out.add("");
                } else {
                    out.add(fenced ? "" : line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** GitHub's id of a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder sb = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                sb.appendCodePoint(c);
            } else if (c == ' ') {
                sb.append('-');
            }
        });
        return sb.toString();
    }

    /** The anchors a document offers: its headings' ids, a repeated id numbered as GitHub does. */
    static Set<String> anchors(Path doc) {
        Set<String> ids = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(doc)) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String id = slug(h.group(2));
                int n = seen.merge(id, 1, Integer::sum) - 1;
                ids.add(n == 0 ? id : id + "-" + n);
            }
        }
        return ids;
    }

    /** Every broken relative link of a document under {@code root}, as "file:line: target (reason)". */
    static List<String> brokenLinks(Path root, Path doc) {
        List<String> broken = new ArrayList<>();
        List<String> lines = prose(doc);
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = LINK.matcher(lines.get(i).replaceAll("`[^`]*`", "``"));
            while (m.find()) {
                String target = m.group(1);
                String where = root.relativize(doc) + ":" + (i + 1) + ": " + target;
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // https:, mailto: — not a file of the repository
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? doc : doc.getParent().resolve(file).normalize();
                if (!resolved.startsWith(root)) {
                    broken.add(where + " (outside the repository)");
                } else if (!Files.exists(resolved)) {
                    broken.add(where + " (no such file)");
                } else if (anchor != null && resolved.toString().endsWith(".md")
                        && !anchors(resolved).contains(anchor)) {
                    broken.add(where + " (no heading with this id in " + root.relativize(resolved) + ")");
                }
            }
        }
        return broken;
    }

    @Test
    void everyRelativeLinkResolvesToAFileAndEveryAnchorToAHeading() {
        List<Path> docs = documents();
        assertThat(docs).contains(ROOT.resolve("docs/configuration.md"), ROOT.resolve("docs/cli.md"));
        List<String> broken = new ArrayList<>();
        docs.forEach(d -> broken.addAll(brokenLinks(ROOT, d)));
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void theCheckFindsAMissingFileAMissingHeadingAndALinkOutOfTheRepository(@TempDir Path root) throws IOException {
        Path docs = Files.createDirectories(root.resolve("docs"));
        Files.writeString(docs.resolve("cli.md"), "# The CLI\n");
        Path doc = Files.writeString(docs.resolve("probe.md"), "# A heading: with `code`\n\n[ok](#a-heading-with-code)"
                + " [file](cli.md#the-cli) [gone](no-such.md) [anchor](cli.md#no-such-heading) [out](../../elsewhere/x.md)"
                + " [web](https://example.org/x)\n```\n[in code](nowhere.md)\n```\n");
        List<String> broken = brokenLinks(root.toRealPath(), doc.toRealPath());
        assertThat(broken).hasSize(3);
        assertThat(broken.get(0)).endsWith("no-such.md (no such file)");
        assertThat(broken.get(1)).contains("cli.md#no-such-heading (no heading");
        assertThat(broken.get(2)).endsWith("(outside the repository)");
    }

    @Test
    void slugsAreGithubs() {
        assertThat(slug("Which mechanism for my data: `rf4j advise`")).isEqualTo("which-mechanism-for-my-data-rf4j-advise");
        assertThat(slug("Overhead against Spark's own")).isEqualTo("overhead-against-sparks-own");
        assertThat(slug("2b. Helpers a plugin may use (no need to re-implement them)"))
                .isEqualTo("2b-helpers-a-plugin-may-use-no-need-to-re-implement-them");
    }

    @Test
    void theReadmeIsAShortWelcomeThatPointsIntoTheManual() throws IOException {
        List<String> readme = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        assertThat(readme.size()).as("README lines").isLessThan(200);
        String text = String.join("\n", readme);
        for (String page : List.of("configuration", "cli", "learning", "spark", "advisor", "performance",
                "correctness", "plugin-guide", "jlink")) {
            assertThat(text).as("the README links docs/%s.md", page).contains("(docs/" + page + ".md)");
        }
        assertThat(text).contains("./mvnw -B verify && .ci/jlink-smoke && .ci/consumer-check");
    }
}
