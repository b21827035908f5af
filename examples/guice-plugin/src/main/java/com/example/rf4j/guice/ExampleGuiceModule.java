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
package com.example.rf4j.guice;

import com.google.inject.AbstractModule;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.name.Names;
import org.rf4j.spi.MechanismProvider;

/**
 * The plugin's Guice module, found by {@link java.util.ServiceLoader} ({@code provides
 * com.google.inject.Module}). It binds the plugin's own setting (the default coefficient, from the
 * system property {@code example.lambda} or 0.25) and adds its provider to the set rf4j collects
 * contributed providers from, {@code Set<MechanismProvider<?>>}.
 */
public final class ExampleGuiceModule extends AbstractModule {
    /** The setting's binding name. */
    public static final String DEFAULT_VALUE = "example.lambda";

    public ExampleGuiceModule() {
    }

    @Override
    protected void configure() {
        bindConstant().annotatedWith(Names.named(DEFAULT_VALUE))
                .to(Double.parseDouble(System.getProperty(DEFAULT_VALUE, "0.25")));
        Multibinder.newSetBinder(binder(), new TypeLiteral<MechanismProvider<?>>() { })
                .addBinding().to(TunedConstantLambda.Provider.class);
    }
}
