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
package org.rf4j.testkit.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.testkit.PluginJars;

/**
 * A plugin whose module-info forgets {@code provides} while its {@code META-INF/services} lists the
 * provider contributes nothing on the module path; the registry says so, naming the JAR, the module
 * and the service, instead of staying silent.
 */
class ProvidesCheckTest {
    @TempDir
    Path tmp;

    private Path plugin(String name, String provides) {
        String src = "package com.example.forgot;\n\n"
                + "/** Test provider. */\npublic final class Forgot extends org.rf4j.spi.AbstractProvider<"
                + "org.rf4j.api.mechanism.Coupling> implements org.rf4j.spi.CouplingProvider {\n"
                + "    /** Creates it. */\n    public Forgot() {\n"
                + "        super(org.rf4j.spi.MechanismKind.COUPLING, \"forgot\", \"test\", (p, c) -> {\n"
                + "            throw new UnsupportedOperationException();\n        });\n    }\n}\n";
        String info = "module com.example.forgot {\n    requires transitive org.rf4j.spi;\n    exports com.example.forgot;\n"
                + provides + "}\n";
        return PluginJars.buildSources(tmp.resolve(name + "-src"), Map.of("module-info.java", info,
                "com/example/forgot/Forgot.java", src),
                Map.of("META-INF/services/org.rf4j.spi.CouplingProvider", "com.example.forgot.Forgot\n"),
                tmp.resolve(name + "/plugins/forgot.jar"), List.of());
    }

    @Test
    void aModuleWithoutProvidesButWithServicesIsReported() {
        Path jar = plugin("without", "");
        MechanismRegistry r = MechanismRegistry.builder().pluginDirectory(jar.getParent()).build();
        assertThat(r.problems()).hasSize(1);
        assertThat(r.problems().get(0)).contains(jar.toString(), "com.example.forgot",
                "org.rf4j.spi.CouplingProvider", "provides");
    }

    @Test
    void aModuleThatProvidesIsNotReported() {
        Path jar = plugin("with", "    provides org.rf4j.spi.CouplingProvider with com.example.forgot.Forgot;\n");
        MechanismRegistry r = MechanismRegistry.builder().pluginDirectory(jar.getParent()).build();
        assertThat(r.problems()).isEmpty();
        assertThat(r.ids(MechanismKind.COUPLING)).containsExactly("forgot");
    }
}
