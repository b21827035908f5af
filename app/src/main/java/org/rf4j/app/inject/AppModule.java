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
package org.rf4j.app.inject;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import java.util.Objects;
import java.util.Set;
import org.rf4j.config.ConfigLoader;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;

/**
 * The application's base bindings: the settings, the {@link MechanismRegistry} (built in a
 * {@code @Provides} method: discovery on the module and class path plus the plugins directory),
 * and the shared Jackson {@link ObjectMapper}. Declares bindings only.
 */
public final class AppModule extends AbstractModule {
    private final AppSettings settings;
    private final MechanismRegistry.Builder discovery;

    /** Bindings that discover the providers themselves when the registry is first needed. */
    public AppModule(AppSettings settings) {
        this(settings, null);
    }

    /**
     * @param settings  the settings
     * @param discovery a builder that has already discovered the providers (see {@link #discover}),
     *                  whose plugins were searched for Guice contributions; null to discover here
     */
    public AppModule(AppSettings settings, MechanismRegistry.Builder discovery) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.discovery = discovery;
    }

    /** Discovery on the module and class path plus the plugins directory, not yet built. */
    public static MechanismRegistry.Builder discover(AppSettings settings) {
        return MechanismRegistry.builder().loadDiscovered().pluginDirectory(settings.pluginsDir());
    }

    @Override
    protected void configure() {
        bind(AppSettings.class).toInstance(settings);
        GuiceContributions.providers(binder());
    }

    /**
     * Every provider on the module path, the class path and in the plugins directory, plus those
     * that plugins' Guice modules contribute (see {@link GuiceContributions}).
     */
    @Provides
    @Singleton
    MechanismRegistry registry(AppSettings s, Set<MechanismProvider<?>> contributed) {
        MechanismRegistry.Builder b = discovery != null ? discovery : discover(s);
        GuiceContributions.addProviders(b, contributed);
        return b.build();
    }

    /** The config loader of the library front door, over this application's registry. */
    @Provides
    @Singleton
    ConfigLoader configLoader(MechanismRegistry registry, ObjectMapper mapper) {
        return new ConfigLoader(registry, mapper);
    }

    /** The JSON mapper: duplicate keys are errors, output indented. */
    @Provides
    @Singleton
    ObjectMapper objectMapper() {
        return org.rf4j.config.Json.mapper();
    }
}
