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
package org.rf4j.advise;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.ProviderInfo;
import org.apiguardian.api.API;

/**
 * The candidate mechanisms the advisor compares, each a named estimator config for a given m:
 * <ul>
 *   <li>{@code COUPLING/FEATURES} for every coupling × feature map in the registry (built-in and
 *       plugin), e.g. {@code orthogonal/oprf};</li>
 *   <li>{@code optimal/FEATURES}: importance sampling (Sernau et al.) of positive, hyperbolic and
 *       trigonometric features;</li>
 *   <li>{@code hybrid-angular} (HRF Eq. 12, two bases of m/2 projections and an angular λ),
 *       {@code clustering-hybrid} (HRF App. H);</li>
 *   <li>{@code plugin:ID} for every other estimator provider (plugins) that takes an {@code m}.</li>
 * </ul>
 * {@code complex-exponential} with no matrix is positive features (A = I) and is not repeated.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Candidates {
    /** A candidate: a name and its estimator config at a given m. */
    public record Candidate(String name, IntFunction<Map<String, Object>> estimator, boolean dataDriven,
            boolean inverseM) {
        /** The estimator config (plain JSON values) with m projections. */
        public Map<String, Object> estimatorAt(int m) {
            return estimator.apply(m);
        }
    }

    /** Feature maps whose parameters are fitted from data (their configs then name the data). */
    static final Set<String> DATA_DRIVEN = Set.of("oprf", "poisson", "geometric", "poisson-plus", "geometric-plus");
    private static final Set<String> BUILT_IN_ESTIMATORS = Set.of("random-features", "hybrid", "clustering-hybrid");
    private static final List<String> SAMPLED = List.of("positive", "hyperbolic", "trigonometric");

    private Candidates() {
    }

    /** Every candidate the registry supports, in a fixed order. */
    public static List<Candidate> all(MechanismRegistry registry) {
        List<Candidate> out = new ArrayList<>();
        List<String> couplings = ids(registry, MechanismKind.COUPLING);
        List<String> features = ids(registry, MechanismKind.FEATURE_MAP);
        for (String f : features) {
            if (f.equals("complex-exponential")) {
                continue;
            }
            for (String c : couplings) {
                out.add(new Candidate(c + "/" + f, m -> rf(c, f, m, null), DATA_DRIVEN.contains(f), c.equals("iid")));
            }
        }
        if (registry.ids(MechanismKind.SAMPLING_POLICY).contains("optimal")) {
            for (String f : SAMPLED) {
                if (features.contains(f)) {
                    out.add(new Candidate("optimal/" + f, m -> rf("iid", f, m, Map.of("id", "optimal")), true, true));
                }
            }
        }
        Set<String> estimators = registry.ids(MechanismKind.ESTIMATOR);
        if (estimators.contains("hybrid") && registry.ids(MechanismKind.LAMBDA_ESTIMATOR).contains("angular")
                && features.contains("hyperbolic") && features.contains("trigonometric")) {
            out.add(new Candidate("hybrid-angular", Candidates::angularHybrid, false, true));
        }
        if (estimators.contains("clustering-hybrid")) {
            out.add(new Candidate("clustering-hybrid", m -> {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("id", "clustering-hybrid");
                e.put("m", m);
                return e;
            }, true, false));
        }
        for (ProviderInfo p : registry.providers(MechanismKind.ESTIMATOR)) {
            if (!BUILT_IN_ESTIMATORS.contains(p.id())
                    && p.provider().schema().parameters().stream().anyMatch(q -> q.name().equals("m"))) {
                String id = p.id();
                out.add(new Candidate("plugin:" + id, m -> {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("id", id);
                    e.put("m", m);
                    return e;
                }, true, false));
            }
        }
        return out;
    }

    private static List<String> ids(MechanismRegistry registry, MechanismKind kind) {
        return registry.ids(kind).stream().sorted((a, b) -> {
            int ra = rank(a);
            int rb = rank(b);
            return ra != rb ? Integer.compare(ra, rb) : a.compareTo(b);
        }).toList();
    }

    /** Common mechanisms first (so ties are broken towards them). */
    private static int rank(String id) {
        return switch (id) {
            case "iid" -> 0;
            case "orthogonal" -> 1;
            case "simplex" -> 2;
            case "positive" -> 0;
            case "trigonometric" -> 1;
            case "oprf" -> 2;
            case "hyperbolic" -> 3;
            default -> 10;
        };
    }

    static Map<String, Object> rf(String coupling, String features, int m, Map<String, Object> sampling) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", "random-features");
        e.put("coupling", new LinkedHashMap<>(Map.of("id", coupling)));
        e.put("features", new LinkedHashMap<>(Map.of("id", features)));
        e.put("m", m);
        if (sampling != null) {
            e.put("sampling", new LinkedHashMap<>(sampling));
        }
        return e;
    }

    /** HRF Eq. 12: hyperbolic and trigonometric bases of m/2 projections each, an angular λ with 8 features. */
    static Map<String, Object> angularHybrid(int m) {
        int half = Math.max(1, m / 2);
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("id", "hybrid");
        e.put("base", List.of(rf("iid", "hyperbolic", half, null), rf("iid", "trigonometric", half, null)));
        e.put("lambdas", List.of(new LinkedHashMap<>(Map.of("id", "angular", "n", 8))));
        e.put("shareProjections", false);
        return e;
    }
}
