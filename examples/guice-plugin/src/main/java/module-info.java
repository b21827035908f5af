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
/**
 * Example of a plugin that contributes a Guice module (see {@code docs/plugin-guide.md},
 * "Plugins that need more than a factory"). Its provider is created by Guice, with a value bound
 * by the plugin's own module injected into its constructor. Only the {@code app} (the rf4j CLI)
 * loads Guice contributions; an application that embeds the core without Guice ignores them.
 */
module com.example.rf4j.guice {
    requires transitive org.rf4j.spi;
    requires com.google.guice;
    requires jakarta.inject;

    // Not exported: rf4j reaches the plugin only through its services. Guice creates the provider
    // reflectively from its @Inject constructor, so the package is opened to it.
    opens com.example.rf4j.guice to com.google.guice;

    provides com.google.inject.Module with
            com.example.rf4j.guice.ExampleGuiceModule;
}
