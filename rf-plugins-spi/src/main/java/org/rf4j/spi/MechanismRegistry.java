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
package org.rf4j.spi;

import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.module.ResolutionException;
import java.lang.module.ResolvedModule;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.mechanism.Mechanism;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apiguardian.api.API;

/**
 * Every provider rf4j knows, by kind and id. Built-ins and plugins are found the same way, with
 * {@link ServiceLoader}: on the module path and the class path, and in a plugins directory whose
 * JARs are each loaded into their own {@link ModuleLayer} (or, when rf4j itself runs on the class
 * path, their own class loader).
 *
 * <p>Discovery is checked (JUnit's {@code EngineIdValidator}, SLF4J's per-provider error
 * isolation): ids must be non-blank and unique within a kind; a second provider with a taken id is
 * rejected naming both locations; a JAR or provider that fails to load, or declares an invalid
 * schema, is reported in {@link #problems()} and skipped, and the rest still load. With
 * {@link Builder#strict(boolean) strict} discovery, any problem is fatal instead.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class MechanismRegistry implements BuildContext {
    private static final Logger LOG = LoggerFactory.getLogger(MechanismRegistry.class);
    // a qualified class name after "Provider " or "Provider class " (never "not", "class", ...)
    private static final Pattern PROVIDER_NAME = Pattern.compile("Provider (?:class )?([\\w$]+(?:\\.[\\w$]+)+)");

    private final Map<MechanismKind<?>, Map<String, ProviderInfo>> providers;
    private final List<String> problems;
    private final List<ModuleLayer> pluginLayers;
    private final List<ClassLoader> pluginClassLoaders;

    private MechanismRegistry(Map<MechanismKind<?>, Map<String, ProviderInfo>> providers, List<String> problems,
            List<ModuleLayer> pluginLayers, List<ClassLoader> pluginClassLoaders) {
        this.providers = providers;
        this.problems = List.copyOf(problems);
        this.pluginLayers = List.copyOf(pluginLayers);
        this.pluginClassLoaders = List.copyOf(pluginClassLoaders);
    }

    /** A registry of the providers visible to the module path and class path, no plugins directory. */
    public static MechanismRegistry discover() {
        return builder().loadDiscovered().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Every provider of a kind, sorted by id. */
    public List<ProviderInfo> providers(MechanismKind<?> kind) {
        return List.copyOf(providers.get(kind).values());
    }

    /** Every provider, by kind then id. */
    public List<ProviderInfo> all() {
        List<ProviderInfo> out = new ArrayList<>();
        for (MechanismKind<?> k : MechanismKind.values()) {
            out.addAll(providers.get(k).values());
        }
        return out;
    }

    /** The known ids of a kind. */
    public Set<String> ids(MechanismKind<?> kind) {
        return Collections.unmodifiableSet(providers.get(kind).keySet());
    }

    /** Plugins or providers that were skipped, each with its reason. Empty when all loaded. */
    public List<String> problems() {
        return problems;
    }

    /** The module layers of the plugin JARs (one per JAR); empty when rf4j runs on the class path. */
    public List<ModuleLayer> pluginLayers() {
        return pluginLayers;
    }

    /** The class loaders of the plugin JARs (a layer's loader, or a JAR's own loader on the class path). */
    public List<ClassLoader> pluginClassLoaders() {
        return pluginClassLoaders;
    }

    /** The provider of a kind and id. */
    public ProviderInfo provider(MechanismKind<?> kind, String path, String id) {
        ProviderInfo p = providers.get(kind).get(id);
        if (p == null) {
            throw new UnknownMechanismException(path, kind, id, providers.get(kind).keySet());
        }
        return p;
    }

    /** Validates a spec against its provider's schema (defaults filled). */
    public Parameters validate(MechanismKind<?> kind, String path, Spec spec) {
        return provider(kind, path, spec.id()).provider().schema().validate(path, spec.id(), spec.parameters());
    }

    @Override
    public <T extends Mechanism> T create(MechanismKind<T> kind, String path, Spec spec) {
        ProviderInfo info = provider(kind, path, spec.id());
        Parameters params = info.provider().schema().validate(path, spec.id(), spec.parameters());
        Object made;
        try {
            made = info.provider().create(params, this);
        } catch (RfException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new PluginException(kind.label() + " provider '" + spec.id() + "' (" + info.location()
                    + ") failed to create its mechanism: " + e, e);
        }
        if (!kind.mechanismType().isInstance(made)) {
            throw new PluginException(kind.label() + " provider '" + spec.id() + "' (" + info.location() + ") returned "
                    + (made == null ? "null" : made.getClass().getName()) + ", not a "
                    + kind.mechanismType().getSimpleName());
        }
        return kind.mechanismType().cast(made);
    }

    /**
     * The data files a spec names, by full key (e.g. {@code estimator.features.data}), in nested
     * mechanisms too: every {@link ParameterType#DATA_FILE} parameter the schemas declare. The config
     * loader reads them; the mechanisms receive their rows at fit time
     * ({@link org.rf4j.api.mechanism.FitData#file(String)}), so no provider reads a file.
     *
     * @throws UnknownMechanismException if a spec names an unknown id
     * @throws org.rf4j.api.InvalidParameterException if a spec's parameters are invalid
     */
    public Map<String, String> dataFiles(MechanismKind<?> kind, String path, Spec spec) {
        Map<String, String> out = new LinkedHashMap<>();
        collectFiles(kind, path, spec, out);
        return out;
    }

    private void collectFiles(MechanismKind<?> kind, String path, Spec spec, Map<String, String> out) {
        ProviderInfo info = provider(kind, path, spec.id());
        Parameters params = info.provider().schema().validate(path, spec.id(), spec.parameters());
        for (Parameter p : info.provider().schema().parameters()) {
            if (!params.has(p.name())) {
                continue;
            }
            switch (p.type()) {
                case DATA_FILE -> out.put(params.key(p.name()), params.getString(p.name()));
                case MECHANISM -> collectFiles(p.mechanismKind(), params.key(p.name()), params.getSpec(p.name()), out);
                case MECHANISM_LIST -> {
                    List<Spec> specs = params.getSpecs(p.name());
                    for (int i = 0; i < specs.size(); i++) {
                        collectFiles(p.mechanismKind(), params.key(p.name()) + "[" + i + "]", specs.get(i), out);
                    }
                }
                default -> {
                }
            }
        }
    }

    /** Collects providers and builds the registry. */
    public static final class Builder {
        private final List<ProviderInfo> found = new ArrayList<>();
        private final List<String> problems = new ArrayList<>();
        private final List<ModuleLayer> layers = new ArrayList<>();
        private final List<ClassLoader> loaders = new ArrayList<>();
        private boolean strict;

        private Builder() {
        }

        /** Finds providers on the module path and the class path. */
        public Builder loadDiscovered() {
            return loadDiscovered(null);
        }

        /**
         * Finds providers visible to a class loader (null: the context class loader, or rf4j's own
         * loader when the context loader cannot see rf4j's provider types, see
         * {@link #discoveryLoader(Class)}).
         */
        public Builder loadDiscovered(ClassLoader loader) {
            for (MechanismKind<?> kind : MechanismKind.values()) {
                ClassLoader l = loader != null ? loader : discoveryLoader(kind.providerType());
                collect(kind, ServiceLoader.load(kind.providerType(), l).iterator(), p -> true, null,
                        "the module and class path", l);
            }
            return this;
        }

        /**
         * The loader discovery uses when none is given: the thread's context class loader (the
         * system class loader when it is null), as {@link ServiceLoader#load(Class)} would, if that
         * loader resolves the service type to this very class; otherwise the service type's own
         * loader. A loader that cannot see rf4j at all, or sees another copy of it (a Spark 4
         * task's session loader has a null parent), would find no provider, or providers of
         * another type.
         */
        static ClassLoader discoveryLoader(Class<?> service) {
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            ClassLoader first = context != null ? context : ClassLoader.getSystemClassLoader();
            try {
                if (Class.forName(service.getName(), false, first) == service) {
                    return first;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                LOG.debug("the context class loader {} cannot see {}: {}", first, service.getName(), e.toString());
            }
            return service.getClassLoader();
        }

        /**
         * Loads every {@code *.jar} in a directory, each into its own module layer (or class loader
         * when rf4j runs on the class path). A missing directory is not an error.
         *
         * <p>A plugin's module may require library modules shipped as further JARs in the same
         * directory: they are resolved into the plugin's layer (each plugin gets its own copy), but
         * only the providers of the plugin's own module are taken from that layer. A JAR that cannot
         * be read, or whose requirements are missing, is reported in {@link #problems()} naming the
         * missing module, and skipped.
         */
        public Builder pluginDirectory(Path dir) {
            if (dir == null || !Files.isDirectory(dir)) {
                LOG.debug("plugins directory {} does not exist; no plugins loaded", dir);
                return this;
            }
            List<Path> jars;
            try (Stream<Path> s = Files.list(dir)) {
                jars = s.filter(p -> p.getFileName().toString().endsWith(".jar") && Files.isRegularFile(p)).sorted()
                        .collect(Collectors.toList());
            } catch (IOException e) {
                problem("cannot list plugins directory " + dir + ": " + e.getMessage());
                return this;
            }
            Module spi = MechanismRegistry.class.getModule();
            boolean layered = spi.isNamed() && spi.getLayer() != null;
            List<Path> readable = new ArrayList<>();
            for (Path jar : jars) {
                if (!layered) {
                    readable.add(jar);
                    continue;
                }
                try {
                    ModuleFinder.of(jar).findAll();
                    readable.add(jar);
                } catch (RuntimeException e) {
                    problem("plugin JAR " + jar + " was skipped: it is not a valid module: " + describe(e));
                }
            }
            for (Path jar : readable) {
                loadPluginJar(jar, layered, readable);
            }
            return this;
        }

        /**
         * The module layers created so far for plugin JARs (one per JAR), e.g. for an application
         * that looks up its own services (such as Guice modules) in the plugins. Empty when rf4j
         * runs on the class path; see {@link #pluginClassLoaders()}.
         */
        public List<ModuleLayer> pluginLayers() {
            return List.copyOf(layers);
        }

        /**
         * The class loaders of the plugin JARs loaded so far: each layer's loader, or each JAR's
         * {@link URLClassLoader} when rf4j runs on the class path.
         */
        public List<ClassLoader> pluginClassLoaders() {
            return List.copyOf(loaders);
        }

        /**
         * Adds a provider created elsewhere (e.g. by a plugin's Guice module), with its origin
         * worked out like a discovered one's: {@code plugin} if its class comes from a plugin JAR
         * loaded by this builder, else {@code built-in} or {@code external}.
         */
        public Builder add(MechanismProvider<?> provider) {
            Objects.requireNonNull(provider, "provider");
            Class<?> c = provider.getClass();
            boolean plugin = layers.contains(c.getModule().getLayer()) || loaders.contains(c.getClassLoader());
            return add(provider, plugin ? "plugin" : originOf(c));
        }

        /**
         * Records a problem found by the application while loading plugins (e.g. a plugin's Guice
         * module that fails): listed in {@link #problems()} like discovery's own, or thrown when
         * {@link #strict(boolean) strict}.
         */
        public Builder report(String message) {
            problem(Objects.requireNonNull(message, "message"));
            return this;
        }

        /** Adds a provider directly (e.g. contributed by a Guice module). */
        public Builder add(MechanismProvider<?> provider, String origin) {
            Objects.requireNonNull(provider, "provider");
            accept(provider, origin, locationOf(provider.getClass()));
            return this;
        }

        /** If true, any discovery problem throws {@link PluginException} instead of being skipped. */
        public Builder strict(boolean strict) {
            this.strict = strict;
            return this;
        }

        public MechanismRegistry build() {
            Map<MechanismKind<?>, Map<String, ProviderInfo>> byKind = new LinkedHashMap<>();
            for (MechanismKind<?> k : MechanismKind.values()) {
                byKind.put(k, new TreeMap<>());
            }
            for (ProviderInfo info : found) {
                Map<String, ProviderInfo> m = byKind.get(info.kind());
                ProviderInfo prev = m.get(info.id());
                if (prev != null) {
                    if (prev.provider().getClass() == info.provider().getClass()) {
                        continue; // the same provider seen twice (module path and class path)
                    }
                    problem(info.kind().label() + " id '" + info.id() + "' is provided twice: by "
                            + prev.provider().getClass().getName() + " (" + prev.location() + ") and by "
                            + info.provider().getClass().getName() + " (" + info.location() + "); the second is skipped");
                    continue;
                }
                m.put(info.id(), info);
                LOG.debug("{} provider '{}' version {} from {} ({})", info.kind().label(), info.id(), info.version(),
                        info.location(), info.origin());
            }
            Map<MechanismKind<?>, Map<String, ProviderInfo>> frozen = new LinkedHashMap<>();
            byKind.forEach((k, v) -> frozen.put(k, Collections.unmodifiableMap(v)));
            return new MechanismRegistry(frozen, problems, layers, loaders);
        }

        private void loadPluginJar(Path jar, boolean layered, List<Path> all) {
            checkProvides(jar);
            try {
                if (layered) {
                    ModuleLayer parent = MechanismRegistry.class.getModule().getLayer();
                    ModuleFinder own = ModuleFinder.of(jar);
                    Set<String> roots = own.findAll().stream().map(r -> r.descriptor().name())
                            .collect(Collectors.toSet());
                    // each JAR is resolved on its own first; the others are seen only when it needs them
                    // (its own requirements), so another JAR's broken provider is never charged to it
                    Configuration cf;
                    try {
                        cf = parent.configuration().resolve(own, ModuleFinder.of(), roots);
                    } catch (FindException | ResolutionException alone) {
                        ModuleFinder libraries = ModuleFinder.of(all.stream().filter(p -> !p.equals(jar)).toArray(Path[]::new));
                        cf = parent.configuration().resolve(own, libraries, roots);
                    }
                    ModuleLayer layer = parent.defineModulesWithOneLoader(cf, MechanismRegistry.class.getClassLoader());
                    layers.add(layer);
                    roots.forEach(r -> loaders.add(layer.findLoader(r)));
                    for (MechanismKind<?> kind : MechanismKind.values()) {
                        collect(kind, ServiceLoader.load(layer, kind.providerType()).iterator(),
                                p -> p.getClass().getModule().getLayer() == layer
                                        && roots.contains(p.getClass().getModule().getName()),
                                "plugin", jar.toString(), null, e -> ownedBy(e, layer, roots));
                    }
                } else {
                    // A class loader silently ignores an unreadable JAR; open it first so a broken
                    // one is reported as on the module path.
                    try (java.util.jar.JarFile check = new java.util.jar.JarFile(jar.toFile())) {
                        LOG.debug("plugin {} has {} entries", jar, check.size());
                    }
                    URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                            MechanismRegistry.class.getClassLoader());
                    loaders.add(loader);
                    for (MechanismKind<?> kind : MechanismKind.values()) {
                        collect(kind, ServiceLoader.load(kind.providerType(), loader).iterator(),
                                p -> p.getClass().getClassLoader() == loader, "plugin", jar.toString(), loader);
                    }
                }
            } catch (FindException | ResolutionException e) {
                problem("plugin JAR " + jar + " was skipped: " + describe(e) + " (a plugin's dependencies must be"
                        + " modules of the application or JARs in the plugins directory)");
            } catch (RuntimeException | IOException | LinkageError e) {
                problem("plugin JAR " + jar + " was skipped: " + describe(e));
            }
        }

        /**
         * A plugin JAR with a module-info that lists rf4j providers in {@code META-INF/services} but
         * does not {@code provides} them contributes nothing on the module path (a named module's
         * services come from its descriptor alone): reported as a problem naming the JAR and the service.
         */
        private void checkProvides(Path jar) {
            try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
                java.util.zip.ZipEntry info = file.getEntry("module-info.class");
                if (info == null) {
                    return;
                }
                java.lang.module.ModuleDescriptor descriptor;
                try (java.io.InputStream in = file.getInputStream(info)) {
                    descriptor = java.lang.module.ModuleDescriptor.read(in);
                }
                Set<String> provided = descriptor.provides().stream()
                        .map(java.lang.module.ModuleDescriptor.Provides::service).collect(Collectors.toSet());
                for (MechanismKind<?> kind : MechanismKind.values()) {
                    String service = kind.providerType().getName();
                    if (!provided.contains(service) && file.getEntry("META-INF/services/" + service) != null) {
                        problem("plugin JAR " + jar + ": module " + descriptor.name() + " lists " + service
                                + " in META-INF/services but its module-info has no 'provides " + service
                                + " with ...', so on the module path it contributes no " + kind.label()
                                + "; add the provides directive");
                    }
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("cannot check the descriptor of {}: {}", jar, e.toString());
            }
        }

        /**
         * True if a provider failure in a plugin's layer is the plugin's own (its provider class is in
         * one of the plugin's root modules, or cannot be told): a library module's provider that fails
         * is reported when its own JAR is loaded, not against the plugin that needed the library.
         */
        private static boolean ownedBy(Throwable e, ModuleLayer layer, Set<String> roots) {
            Matcher m = PROVIDER_NAME.matcher(String.valueOf(e.getMessage()));
            if (!m.find()) {
                return true;
            }
            String cls = m.group(1);
            int dot = cls.lastIndexOf('.');
            String pkg = dot < 0 ? "" : cls.substring(0, dot);
            for (Module mod : layer.modules()) {
                if (mod.getPackages().contains(pkg)) {
                    return roots.contains(mod.getName());
                }
            }
            return true;
        }

        private void collect(MechanismKind<?> kind, Iterator<? extends MechanismProvider<?>> it,
                Predicate<MechanismProvider<?>> keep, String origin, String where, ClassLoader loader) {
            collect(kind, it, keep, origin, where, loader, e -> true);
        }

        private void collect(MechanismKind<?> kind, Iterator<? extends MechanismProvider<?>> it,
                Predicate<MechanismProvider<?>> keep, String origin, String where, ClassLoader loader,
                Predicate<Throwable> own) {
            while (true) {
                MechanismProvider<?> p;
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    p = it.next();
                } catch (ServiceConfigurationError | LinkageError e) {
                    if (own.test(e)) {
                        problem(kind.label() + " provider " + failedProvider(e, loader, where) + " was skipped: "
                                + describe(e));
                    }
                    continue;
                }
                if (!keep.test(p)) {
                    continue;
                }
                String o = origin != null ? origin : originOf(p.getClass());
                accept(p, o, locationOf(p.getClass()));
            }
        }

        /** "CLASS (LOCATION)" for a provider that failed to load, as far as the error tells. */
        private static String failedProvider(Throwable e, ClassLoader loader, String where) {
            Matcher m = PROVIDER_NAME.matcher(String.valueOf(e.getMessage()));
            if (!m.find()) {
                return "in " + where;
            }
            String cls = m.group(1);
            String location = where;
            ClassLoader l = loader != null ? loader : Thread.currentThread().getContextClassLoader();
            URL url = l == null ? null : l.getResource(cls.replace('.', '/') + ".class");
            if (url != null && "jar".equals(url.getProtocol())) {
                String file = url.getPath();
                int bang = file.indexOf("!/");
                try {
                    location = display(new URI(bang < 0 ? file : file.substring(0, bang)));
                } catch (URISyntaxException ignored) {
                    // keep "where"
                }
            } else if (url != null && "file".equals(url.getProtocol())) {
                location = url.getPath();
            }
            return cls + " (" + location + ")";
        }

        private void accept(MechanismProvider<?> p, String origin, String location) {
            String cls = p.getClass().getName();
            String id;
            MechanismKind<?> kind;
            try {
                kind = p.kind();
                id = p.id();
            } catch (RuntimeException | LinkageError e) {
                problem("provider " + cls + " (" + location + ") was skipped: " + describe(e)
                        + (e instanceof NoClassDefFoundError ? " (a class it needs is missing: is a JAR it depends on"
                                + " absent from the class path?)" : ""));
                return;
            }
            if (kind == null || id == null || id.isBlank() || !id.equals(id.strip())) {
                problem((kind == null ? "" : kind.label() + " ") + "provider " + cls + " (" + location
                        + ") has a " + (kind == null ? "null kind" : "blank or padded id '" + id + "'") + "; skipped");
                return;
            }
            try {
                if (p.schema() == null) {
                    problem(kind.label() + " provider '" + id + "' (" + cls + ", " + location
                            + ") returns no parameter schema (use ParameterSchema.of() for none); skipped");
                    return;
                }
            } catch (InvalidSchemaException e) {
                problem(kind.label() + " provider '" + id + "' (" + cls + ", " + location
                        + ") declares an invalid parameter schema and was skipped: " + e.getMessage());
                return;
            } catch (RuntimeException | LinkageError e) {
                problem(kind.label() + " provider '" + id + "' (" + cls + ", " + location + ") was skipped: its schema()"
                        + " failed: " + describe(e));
                return;
            }
            found.add(new ProviderInfo(p, origin, location));
        }

        private void problem(String message) {
            if (strict) {
                throw new PluginException(message);
            }
            LOG.warn(message);
            problems.add(message);
        }

        private static String describe(Throwable e) {
            StringBuilder sb = new StringBuilder(e.toString());
            for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                sb.append("; caused by ").append(c);
            }
            return sb.toString();
        }

        private static String originOf(Class<?> c) {
            Module m = c.getModule();
            String name = m.isNamed() ? m.getName() : c.getPackageName();
            return name.startsWith("org.rf4j.") ? "built-in" : "external";
        }

        /**
         * Where a provider class was loaded from: the JAR or classes folder as a plain file path
         * (the same text whether it came through a module layer or a class loader), else the URI,
         * {@code module NAME} (e.g. a jlink image) or {@code unknown}.
         */
        public static String locationOf(Class<?> c) {
            Module m = c.getModule();
            if (m.isNamed() && m.getLayer() != null) {
                return m.getLayer().configuration().findModule(m.getName()).map(ResolvedModule::reference)
                        .flatMap(ModuleReference::location).map(Builder::display).orElse("module " + m.getName());
            }
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            if (cs == null || cs.getLocation() == null) {
                return "unknown";
            }
            try {
                return display(cs.getLocation().toURI());
            } catch (URISyntaxException e) {
                return cs.getLocation().toString();
            }
        }

        private static String display(URI uri) {
            if ("file".equals(uri.getScheme())) {
                try {
                    return Path.of(uri).toString();
                } catch (RuntimeException e) {
                    return uri.toString();
                }
            }
            if ("jrt".equals(uri.getScheme())) {
                return "module " + uri.getPath().replaceFirst("^/", "") + " (runtime image)";
            }
            return uri.toString();
        }
    }
}
