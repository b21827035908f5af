package org.rf4j.learn;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import org.rf4j.api.Matrix;
import org.rf4j.api.kernel.GaussianKernel;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.DataSample;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.Side;
import org.rf4j.config.ConfigException;
import org.rf4j.config.ConfigLoader;
import org.rf4j.config.RunConfig;
import org.rf4j.spi.MechanismRegistry;

/**
 * The one place rf-learn builds feature maps: an adapter to the library front door
 * ({@code org.rf4j.RandomFeatures} → {@code RandomFeatureMap}), so that following the front door is
 * a change to this file alone. A {@link Fitted} map is what the models need of a
 * {@code RandomFeatureMap}: the query side φ₁, the key side φ₂ (caller's coordinates, the kernel's
 * scaling applied) and the fitted config it round-trips through.
 */
final class FeatureMaps {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static volatile MechanismRegistry registry;

    private FeatureMaps() {
    }

    /** A fitted, drawn feature map. */
    interface Fitted {
        int inputDimension();

        int outputDimension();

        Kernel kernel();

        /** φ₁ (query side) of a batch in the caller's coordinates. */
        Matrix queries(Matrix x);

        /** φ₂ (key side) of a batch in the caller's coordinates. */
        Matrix keys(Matrix x);

        /** The fitted config JSON (with {@code "dimension"}); {@link #restore} rebuilds the same map. */
        String toConfig();
    }

    /** The registry used when none is given: the providers discovered on the module and class path. */
    static MechanismRegistry registry() {
        MechanismRegistry r = registry;
        if (r == null) {
            r = MechanismRegistry.discover();
            registry = r;
        }
        return r;
    }

    /** The σ of a config's kernel (NaN for softmax). */
    static double sigma(String configJson, MechanismRegistry registry) {
        Kernel k = load(tree(configJson), "config", null, registry).kernel();
        return k instanceof GaussianKernel g ? g.sigma() : Double.NaN;
    }

    /**
     * Fits the config's map on the training rows {@code x} (their statistics, landmarks, ...) and
     * draws it with the config's seed; a finite {@code sigma} replaces the Gaussian kernel's.
     */
    static Fitted fit(String configJson, Path folder, double sigma, Matrix x, MechanismRegistry registry) {
        ObjectNode tree = tree(configJson);
        tree.remove("dimension");
        if (!Double.isNaN(sigma)) {
            JsonNode k = tree.get("kernel");
            if (k instanceof ObjectNode kn && "gaussian".equals(kn.path("id").asText())) {
                kn.put("sigma", sigma);
            }
        }
        RunConfig rc = load(tree, "config", folder, registry);
        return draw(rc.estimator(), rc.kernel(), x, rc.seed(), tree);
    }

    /** Draws a configured estimator for a kernel on data {@code x} with a seed (the evaluation harness's path). */
    static Fitted draw(Estimator estimator, Kernel kernel, Matrix x, long seed) {
        ObjectNode tree = MAPPER.createObjectNode();
        tree.set("kernel", MAPPER.valueToTree(kernel.spec().toPlain()));
        tree.set("estimator", MAPPER.valueToTree(estimator.spec().toPlain()));
        tree.put("seed", seed);
        return draw(estimator, kernel, x, seed, tree);
    }

    private static Fitted draw(Estimator estimator, Kernel kernel, Matrix x, long seed, ObjectNode tree) {
        DrawnEstimator e = estimator.draw(new EstimatorRequest(kernel, x.cols(), DataSample.symmetric(x), seed));
        ObjectNode fitted = tree.deepCopy();
        fitted.put("dimension", x.cols());
        // until the front door's fit stage stores fitted values in every spec: Nyström's landmarks
        JsonNode features = fitted.path("estimator").path("features");
        if (features instanceof ObjectNode fo && NystroemFeatures.ID.equals(fo.path("id").asText())) {
            org.rf4j.api.Spec spec = NystroemFeatures.fittedSpec(e.features(),
                    org.rf4j.api.Spec.of(NystroemFeatures.ID, "rcond", fo.path("rcond").asDouble(Nystroem.DEFAULT_RCOND)));
            if (spec != null) {
                fitted.set("estimator", ((ObjectNode) fitted.get("estimator")).deepCopy()
                        .set("features", MAPPER.valueToTree(spec.toPlain())));
            }
        }
        String config = fitted.toString();
        return new Fitted() {
            @Override
            public int inputDimension() {
                return e.inputDimension();
            }

            @Override
            public int outputDimension() {
                return e.features().outputDimension();
            }

            @Override
            public Kernel kernel() {
                return kernel;
            }

            @Override
            public Matrix queries(Matrix q) {
                return e.features(Side.QUERY, q, null);
            }

            @Override
            public Matrix keys(Matrix k) {
                return e.features(Side.KEY, k, null);
            }

            @Override
            public String toConfig() {
                return config;
            }
        };
    }

    /**
     * Rebuilds a map from its fitted config, without data. (Until the front door's fit stage stores
     * fitted statistics in the config, maps that need data cannot be rebuilt this way.)
     */
    static Fitted restore(String fittedConfig, MechanismRegistry registry) {
        ObjectNode tree = tree(fittedConfig);
        JsonNode dim = tree.remove("dimension");
        if (dim == null || !dim.canConvertToInt() || dim.asInt() < 1) {
            throw new ConfigException("fitted config: 'dimension' is missing or not a positive integer");
        }
        int d = dim.asInt();
        RunConfig rc = load(tree, "fitted config", null, registry);
        DrawnEstimator e = rc.estimator().draw(new EstimatorRequest(rc.kernel(), d, null, rc.seed()));
        tree.put("dimension", d);
        String config = tree.toString();
        Kernel kernel = rc.kernel();
        return new Fitted() {
            @Override
            public int inputDimension() {
                return e.inputDimension();
            }

            @Override
            public int outputDimension() {
                return e.features().outputDimension();
            }

            @Override
            public Kernel kernel() {
                return kernel;
            }

            @Override
            public Matrix queries(Matrix q) {
                return e.features(Side.QUERY, q, null);
            }

            @Override
            public Matrix keys(Matrix k) {
                return e.features(Side.KEY, k, null);
            }

            @Override
            public String toConfig() {
                return config;
            }
        };
    }

    private static RunConfig load(ObjectNode tree, String source, Path folder, MechanismRegistry registry) {
        @SuppressWarnings("unchecked")
        Map<String, Object> plain = (Map<String, Object>) ConfigLoader.toPlain(tree);
        plain.remove("dimension");
        return new ConfigLoader(registry == null ? registry() : registry, MAPPER).fromPlain(plain, source, folder == null ? Path.of("") : folder);
    }

    private static ObjectNode tree(String json) {
        try {
            JsonNode n = MAPPER.readTree(json);
            if (!(n instanceof ObjectNode o)) {
                throw new ConfigException("config: expected a JSON object, not " + (n == null ? "nothing" : n.getNodeType()));
            }
            return o;
        } catch (JsonProcessingException e) {
            throw new ConfigException("config: malformed JSON: " + e.getOriginalMessage(), e);
        }
    }
}
