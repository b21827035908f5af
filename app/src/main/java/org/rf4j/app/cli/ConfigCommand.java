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

import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.rf4j.RandomFeatures;
import org.rf4j.io.DataFiles;
import org.rf4j.io.InputFiles;
import org.rf4j.io.OutputPaths;
import org.rf4j.spi.MechanismRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j config}: validates a config and prints it as understood, every default filled in
 * (config → object → config); with {@code --output} writes it atomically instead.
 */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "Validate a config and print it as understood, with every default filled in.")
public final class ConfigCommand implements Callable<Integer> {
    private final MechanismRegistry registry;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "JSON config (default: the bundled default config).")
    Path config;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the understood config here (atomically).")
    Path output;

    @Inject
    ConfigCommand(MechanismRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() {
        try (InputFiles.Scope in = OutputPaths.guard("--output", output, OutputPaths.inputs("--config", config))) {
            String understood = RandomFeatures.fromConfigOrDefault(config).registry(registry).toConfig();
            PrintWriter out = spec.commandLine().getOut();
            if (output != null) {
                DataFiles.writeAtomically(output, o -> o.write((understood + "\n").getBytes(StandardCharsets.UTF_8)));
                out.println("wrote " + output);
            } else {
                out.println(understood);
            }
            out.flush();
        }
        return 0;
    }
}
