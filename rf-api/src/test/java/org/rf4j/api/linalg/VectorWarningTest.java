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
package org.rf4j.api.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A class-path user without {@code jdk.incubator.vector} is told once, at first use, which JVM option
 * turns the vectorised kernels on; nobody else is.
 */
class VectorWarningTest {
    /** Runs in a child JVM: uses the kernels twice and prints their name. */
    public static final class Probe {
        public static void main(String[] args) {
            LinearAlgebra.kernels();
            System.out.println(LinearAlgebra.implementation());
        }
    }

    private static String[] run(String... jvmOptions) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx64m");
        cmd.addAll(List.of(jvmOptions));
        cmd.add("-cp");
        cmd.add(Path.of("target", "classes").toAbsolutePath() + File.pathSeparator
                + Path.of("target", "test-classes").toAbsolutePath());
        cmd.add(Probe.class.getName());
        Process p = new ProcessBuilder(cmd).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(err).isZero();
        return new String[] {out, err};
    }

    @Test
    void warnsOnceWithTheExactOptionWhenTheModuleIsAbsent() throws Exception {
        String[] r = run();
        assertThat(r[0].strip()).isEqualTo("scalar");
        assertThat(r[1]).contains("WARNING").contains("--add-modules jdk.incubator.vector")
                .contains("<argLine>--add-modules jdk.incubator.vector</argLine>")
                .contains("jvmArgs '--add-modules jdk.incubator.vector'");
        assertThat(r[1].split("--add-modules jdk.incubator.vector \\(Maven", -1)).hasSize(2); // once
    }

    @Test
    void silentWithTheModuleOrWhenScalarIsChosen() throws Exception {
        assertThat(run("--add-modules", "jdk.incubator.vector")[1]).doesNotContain("rf4j uses its scalar kernels");
        assertThat(run("-Drf4j.vector=scalar")[1]).isEmpty();
    }
}
