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

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.app.CliRun;

/**
 * {@code rf4j completion} as a shell user meets it: the script is sourced into a real bash, and
 * the completion function, asked about partial words, offers rf4j's commands and a command's options.
 */
class CompletionCommandTest {

    @Test
    void theScriptCompletesCommandsAndOptionsInBash(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.run("completion");
        assertThat(r.code()).as(r.toString()).isZero();
        Path script = dir.resolve("rf4j.bash");
        Files.writeString(script, r.out(), StandardCharsets.UTF_8);
        assertThat(complete(script, "rf4j tra")).contains("transform");
        assertThat(complete(script, "rf4j transform --prec")).contains("--precision");
        assertThat(complete(script, "rf4j comp")).contains("completion");
    }

    /** What bash offers for the words of {@code line} (the last one partial). */
    private static String complete(Path script, String line) throws Exception {
        String words = line.replace("'", "");
        String program = "source '" + script + "'\n"
                + "COMP_LINE='" + words + "'; COMP_POINT=${#COMP_LINE}\n"
                + "read -r -a COMP_WORDS <<< \"$COMP_LINE\"\n"
                + "COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
                + "_complete_rf4j rf4j \"${COMP_WORDS[COMP_CWORD]}\" \"${COMP_WORDS[COMP_CWORD-1]}\"\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        Process p = new ProcessBuilder("bash", "-c", program).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
