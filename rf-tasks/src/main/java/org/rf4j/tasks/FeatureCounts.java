package org.rf4j.tasks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Spec;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.Parameter;

/**
 * Sets the number of random projections m in an estimator spec: the estimator's own {@code m}
 * parameter if its provider's schema declares one (e.g. {@code random-features}), otherwise the
 * {@code m} of each base estimator in a {@code base} list (e.g. {@code hybrid}: the x-axis is
 * then the m of every base estimator).
 */
public final class FeatureCounts {
    private FeatureCounts() {
    }

    /** The spec with its feature count set to {@code m}. */
    public static Spec withFeatureCount(MechanismRegistry registry, String path, Spec spec, int m) {
        if (m < 1) {
            throw new InvalidParameterException("m", m, "an integer >= 1");
        }
        List<Parameter> params = registry.provider(MechanismKind.ESTIMATOR, path, spec.id()).provider().schema()
                .parameters();
        if (params.stream().anyMatch(p -> p.name().equals("m"))) {
            return spec.with("m", (long) m);
        }
        if (params.stream().anyMatch(p -> p.name().equals("base")) && spec.get("base") instanceof List<?> bases) {
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < bases.size(); i++) {
                out.add(withFeatureCount(registry, path + ".base[" + i + "]", asSpec(path + ".base[" + i + "]",
                        bases.get(i)), m));
            }
            return spec.with("base", out);
        }
        throw new InvalidParameterException(path + ".id", spec.id(),
                "an estimator with an 'm' parameter, or a 'base' list of such estimators, so its feature count can be varied");
    }

    private static Spec asSpec(String path, Object v) {
        if (v instanceof Spec s) {
            return s;
        }
        if (v instanceof Map<?, ?> map && map.get("id") instanceof String id) {
            Map<String, Object> p = new LinkedHashMap<>();
            map.forEach((k, x) -> {
                if (!"id".equals(k)) {
                    p.put(String.valueOf(k), x);
                }
            });
            return new Spec(id, p);
        }
        throw new InvalidParameterException(path, v, "an estimator object with an 'id'");
    }
}
