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

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.rf4j.api.Spec;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.Parameter;
import org.rf4j.spi.ProviderInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code rf4j mechanisms [--json]}: every discovered provider (kind, id, version, origin, location,
 * description, parameters with types, defaults and ranges) and the registry's discovery problems
 * as warnings.
 */
@Command(name = "mechanisms", mixinStandardHelpOptions = true,
        description = "List every discovered mechanism provider with its parameters.")
public final class MechanismsCommand implements Callable<Integer> {
    private final MechanismRegistry registry;
    private final ObjectMapper mapper;

    @picocli.CommandLine.Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Inject
    MechanismsCommand(MechanismRegistry registry, ObjectMapper mapper) {
        this.registry = registry;
        this.mapper = mapper;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Integer call() throws Exception {
        var out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> root = new LinkedHashMap<>();
            List<Object> providers = new ArrayList<>();
            for (ProviderInfo p : registry.all()) {
                Map<String, Object> row = describe(p);
                kernelSupport(p).ifPresent(row::putAll);
                providers.add(row);
            }
            root.put("providers", providers);
            root.put("problems", registry.problems());
            out.println(mapper.writeValueAsString(root));
        } else {
            String kind = null;
            for (ProviderInfo p : registry.all()) {
                if (!p.kind().label().equals(kind)) {
                    kind = p.kind().label();
                    out.println((kind.equals("coupling") ? "" : "\n") + kind.toUpperCase(Locale.ROOT));
                }
                MechanismProvider<?> mp = p.provider();
                out.printf("  %-22s %s, %s%n", p.id(), p.version(), p.origin()
                        + ("built-in".equals(p.origin()) ? "" : " (" + p.location() + ")"));
                if (!mp.description().isBlank()) {
                    out.println("      " + mp.description());
                }
                for (Parameter q : mp.schema().parameters()) {
                    out.printf("      %-18s %s%s%n", q.name(), q.allowedText(),
                            q.required() ? ", required" : q.defaultValue() == null ? ", optional"
                                    : ", default " + compact(plain(q.defaultValue())));
                }
                var support = kernelSupport(p);
                if (support.isPresent()) {
                    out.printf("      %-18s %s%n", "(family)", support.get().get("family"));
                    out.printf("      %-18s %s (default %s); couplings: %s%n", "(maps)",
                            String.join(", ", (List<String>) support.get().get("maps")), support.get().get("defaultMap"),
                            String.join(", ", (List<String>) support.get().get("couplings")));
                }
            }
            for (String problem : registry.problems()) {
                spec.commandLine().getErr().println("warning: " + problem);
            }
        }
        out.flush();
        return 0;
    }

    /**
     * For a kernel provider: the kernel's family, its default feature map and the feature maps and
     * couplings that accept it (each asked through its refusal, with the kernel's default parameters);
     * empty for other providers or a kernel that cannot be built from defaults.
     */
    private java.util.Optional<Map<String, Object>> kernelSupport(ProviderInfo p) {
        if (p.kind() != org.rf4j.spi.MechanismKind.KERNEL) {
            return java.util.Optional.empty();
        }
        org.rf4j.api.kernel.Kernel kernel;
        try {
            kernel = registry.create(org.rf4j.spi.MechanismKind.KERNEL, "kernel", Spec.of(p.id()));
        } catch (org.rf4j.api.RfException e) {
            return java.util.Optional.empty();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("family", kernel.family());
        m.put("defaultMap", kernel.defaultFeatureMap());
        m.put("maps", accepting(org.rf4j.spi.MechanismKind.FEATURE_MAP, kernel,
                (org.rf4j.api.mechanism.FeatureMap f) -> f.refusal(kernel)));
        m.put("couplings", accepting(org.rf4j.spi.MechanismKind.COUPLING, kernel,
                (org.rf4j.api.mechanism.Coupling c) -> c.refusal(kernel)));
        return java.util.Optional.of(m);
    }

    /** The ids of kind {@code kind} whose default mechanism does not refuse the kernel. */
    private <T extends org.rf4j.api.mechanism.Mechanism> List<String> accepting(org.rf4j.spi.MechanismKind<T> kind,
            org.rf4j.api.kernel.Kernel kernel, java.util.function.Function<T, java.util.Optional<String>> refusal) {
        List<String> ids = new ArrayList<>();
        for (String id : registry.ids(kind)) {
            try {
                if (refusal.apply(registry.create(kind, kind.label(), Spec.of(id))).isEmpty()) {
                    ids.add(id);
                }
            } catch (org.rf4j.api.RfException e) {
                // a mechanism that cannot be built from its defaults is not listed
            }
        }
        return ids;
    }

    private static Map<String, Object> describe(ProviderInfo p) {
        Map<String, Object> m = new LinkedHashMap<>();
        MechanismProvider<?> mp = p.provider();
        m.put("kind", p.kind().label());
        m.put("id", p.id());
        m.put("version", p.version());
        m.put("origin", p.origin());
        m.put("location", p.location());
        m.put("description", mp.description());
        List<Object> params = new ArrayList<>();
        for (Parameter q : mp.schema().parameters()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("name", q.name());
            pm.put("type", q.type().name().toLowerCase(Locale.ROOT));
            pm.put("required", q.required());
            pm.put("default", plain(q.defaultValue()));
            pm.put("min", q.min());
            pm.put("max", q.max());
            if (!q.allowed().isEmpty()) {
                pm.put("allowed", q.allowed());
            }
            if (q.mechanismKind() != null) {
                pm.put("mechanismKind", q.mechanismKind().label());
            }
            pm.put("allowedText", q.allowedText());
            pm.put("description", q.description());
            params.add(pm);
        }
        m.put("parameters", params);
        return m;
    }

    private String compact(Object v) throws com.fasterxml.jackson.core.JsonProcessingException {
        return mapper.writer().without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(v);
    }

    private static Object plain(Object v) {
        return v instanceof Spec s ? s.toPlain() : v;
    }
}
