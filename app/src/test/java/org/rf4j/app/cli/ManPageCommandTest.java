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
package org.rf4j.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * {@code rf4j manpage DIR} as a user meets it: one page per command, each option of each command on
 * its page, and every page rendered by the system's {@code man}/groff with no warning.
 */
class ManPageCommandTest {

    @Test
    void onePagePerCommandWithEveryOptionThatGroffRendersCleanly(@TempDir Path dir) throws Exception {
        Path man = dir.resolve("man1");
        CliRun r = CliRun.run("manpage", man.toString());
        assertThat(r.code()).as(r.toString()).isZero();
        List<String> pages;
        try (Stream<Path> files = Files.list(man)) {
            pages = files.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(pages).contains("rf4j.1", "rf4j-transform.1", "rf4j-fit.1", "rf4j-predict.1", "rf4j-manpage.1")
                .noneMatch(p -> p.contains("help"));

        String fit = Files.readString(man.resolve("rf4j-fit.1"), StandardCharsets.UTF_8);
        assertThat(fit).startsWith(".TH \"RF4J-FIT\" 1").contains(".SH SYNOPSIS", ".SH OPTIONS", ".SH EXIT STATUS");
        for (String option : List.of("--config", "--data", "--label", "--drop-missing-labels", "--lambdas", "--model")) {
            assertThat(fit).as(option).contains("\\fB" + option.replace("-", "\\-") + "\\fR");
        }
        String root = Files.readString(man.resolve("rf4j.1"), StandardCharsets.UTF_8);
        assertThat(root).contains(".SH COMMANDS", "\\fBtransform\\fR", ".BR rf4j\\-fit (1)");
        assertThat(root + fit).doesNotContain("${").doesNotContain("%n").doesNotContainPattern("(?m)^[.'](?![A-Z]{2}\\b|TP$|nf$|fi$)");

        assumeTrue(Files.isExecutable(Path.of("/usr/bin/groff")), "groff is not installed: rendering not checked");
        for (String page : pages) {
            Process p = new ProcessBuilder("groff", "-k", "-man", "-Tutf8", "-ww", "-z", man.resolve(page).toString())
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(out).as(page).isEmpty();
        }
    }
}
