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

import com.google.inject.Binder;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Module;
import com.google.inject.Stage;
import com.google.inject.TypeLiteral;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.spi.Message;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;

/**
 * Guice modules contributed by plugins: a plugin that needs more than a no-argument factory (a
 * provider with injected collaborators, a shared cache, settings of its own) declares a plain
 * {@link Module} as a service,
 *
 * <pre>{@code
 * module com.example.rf4j.guice {
 *     requires org.rf4j.spi;
 *     requires com.google.guice;
 *     provides com.google.inject.Module with com.example.rf4j.guice.ExampleModule;
 * }
 * }</pre>
 *
 * (and in {@code META-INF/services/com.google.inject.Module} for the class path), and adds its
 * providers to the set {@code Set<MechanismProvider<?>>}:
 * {@code Multibinder.newSetBinder(binder(), new TypeLiteral<MechanismProvider<?>>() {}).addBinding().to(MyProvider.class)}.
 * Providers bound there are instantiated by Guice (so they may {@code @Inject} anything the
 * plugin's module or {@link AppModule} binds) and join the registry like discovered ones: same id
 * rules, origin {@code plugin}, location the JAR.
 *
 * <p>Contributions are found in the plugins directory's layers (or class loaders) and on the
 * application's own module and class path. Each is first checked alone (its {@code configure}
 * and its bindings, in {@link Stage#TOOL}, which instantiates nothing); one that fails is skipped
 * and reported in the registry's {@code problems()}, naming its class, its JAR and Guice's first
 * error, and the rest of the application starts as usual. Only {@code app} knows Guice: the
 * library modules and their plugins never need it.
 */
public final class GuiceContributions {
    /** The key contributed providers are bound under. */
    public static final TypeLiteral<MechanismProvider<?>> PROVIDERS = new TypeLiteral<>() { };

    private GuiceContributions() {
    }

    /** The set plugins add their providers to (declared by {@link AppModule}, so it always exists). */
    public static Multibinder<MechanismProvider<?>> providers(Binder binder) {
        return Multibinder.newSetBinder(binder, PROVIDERS);
    }

    /**
     * Every contributed Guice module that passes its check, in discovery order: those in the
     * plugins loaded by {@code discovery}, then those on the application's path. Failures are
     * reported to {@code discovery}.
     */
    public static List<Module> load(MechanismRegistry.Builder discovery, AppSettings settings) {
        List<Module> found = new ArrayList<>();
        if (!discovery.pluginLayers().isEmpty()) {
            for (ModuleLayer layer : discovery.pluginLayers()) {
                collect(ServiceLoader.load(layer, Module.class).iterator(),
                        m -> m.getClass().getModule().getLayer() == layer, found, discovery);
            }
        } else {
            for (ClassLoader loader : discovery.pluginClassLoaders()) {
                collect(ServiceLoader.load(Module.class, loader).iterator(),
                        m -> m.getClass().getClassLoader() == loader, found, discovery);
            }
        }
        collect(ServiceLoader.load(Module.class, GuiceContributions.class.getClassLoader()).iterator(),
                m -> found.stream().noneMatch(f -> f.getClass() == m.getClass()), found, discovery);
        List<Module> ok = new ArrayList<>();
        for (Module m : found) {
            try {
                Guice.createInjector(Stage.TOOL, new AppModule(settings, MechanismRegistry.builder()), m);
                ok.add(m);
            } catch (CreationException e) {
                discovery.report(describe(m) + " was skipped: " + first(e.getErrorMessages()));
            } catch (RuntimeException | LinkageError e) {
                discovery.report(describe(m) + " was skipped: " + e);
            }
        }
        return ok;
    }

    /** Adds the providers Guice made from the contributions to the registry being built. */
    static void addProviders(MechanismRegistry.Builder discovery, Set<MechanismProvider<?>> contributed) {
        for (MechanismProvider<?> p : contributed) {
            discovery.add(p);
        }
    }

    private interface Filter {
        boolean keep(Module m);
    }

    private static void collect(Iterator<Module> it, Filter keep, List<Module> out, MechanismRegistry.Builder discovery) {
        while (true) {
            Module m;
            try {
                if (!it.hasNext()) {
                    return;
                }
                m = it.next();
            } catch (ServiceConfigurationError | LinkageError e) {
                discovery.report("Guice module of a plugin was skipped: " + e
                        + (e.getCause() != null ? "; caused by " + e.getCause() : ""));
                continue;
            }
            if (keep.keep(m)) {
                out.add(m);
            }
        }
    }

    private static String describe(Module m) {
        return "Guice module " + m.getClass().getName() + " ("
                + MechanismRegistry.Builder.locationOf(m.getClass()) + ")";
    }

    private static String first(java.util.Collection<Message> messages) {
        return messages.isEmpty() ? "(no message)" : messages.iterator().next().getMessage().replace('\n', ' ')
                + (messages.size() > 1 ? " (and " + (messages.size() - 1) + " more errors)" : "");
    }
}
