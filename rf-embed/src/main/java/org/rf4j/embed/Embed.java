package org.rf4j.embed;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.rf4j.api.InvalidParameterException;
import org.rf4j.api.Matrix;
import org.rf4j.api.RfException;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.Kernel;
import org.rf4j.api.mechanism.Estimator;
import org.rf4j.api.mechanism.EstimatorRequest;
import org.rf4j.api.mechanism.DrawnEstimator;
import org.rf4j.api.random.Seeds;
import org.rf4j.spi.BuildContext;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismProvider;
import org.rf4j.spi.Parameters;
import org.rf4j.spi.UnknownMechanismException;

/**
 * The embedding example: {@code rf4j-embed mechanisms} lists what {@link ServiceLoader} finds;
 * {@code rf4j-embed estimate [--features ID] [--coupling ID] [--m N] [--trials N] [--seed S]
 * [--sigma S] [--x V] [--y V]} draws the {@code random-features} estimator N times for the
 * Gaussian kernel and prints the exact value, the mean estimate, the empirical MSE and the
 * closed-form MSE (where rf-theory has one).
 *
 * <p>The whole integration is {@link Catalogue}: a map from id to provider per kind, filled by
 * {@code ServiceLoader.load(kind.providerType())}, which is also the {@link BuildContext} that lets
 * the estimator build its nested coupling and feature map.
 */
public final class Embed {
    private Embed() {
    }

    /** Entry point of the curated image's {@code bin/rf4j-embed}. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs a command; returns the exit code (0 ok, 2 usage or input error). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Catalogue cat = Catalogue.load();
            String cmd = args.length == 0 ? "estimate" : args[0];
            Map<String, String> opts = options(args);
            switch (cmd) {
                case "mechanisms" -> cat.print(out);
                case "estimate" -> estimate(cat, opts, out);
                default -> throw new InvalidParameterException("command", cmd, "mechanisms or estimate");
            }
            return 0;
        } catch (RfException e) {
            err.println("rf4j-embed: " + e.getMessage());
            return 2;
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opts = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new InvalidParameterException("argument " + i, args[i], "--name value pairs");
            }
            opts.put(args[i].substring(2), args[++i]);
        }
        return opts;
    }

    private static void estimate(Catalogue cat, Map<String, String> o, PrintStream out) {
        double sigma = number(o, "sigma", "1.0");
        double[] x = vector(o, "x", "0.1,0.2,-0.3,0.05");
        double[] y = vector(o, "y", "0.2,-0.1,0.1,0.3");
        if (x.length != y.length) {
            throw new InvalidParameterException("y", o.get("y"), "a vector of length " + x.length + " like x");
        }
        int trials = (int) number(o, "trials", "200");
        long seed = (long) number(o, "seed", "42");
        Spec spec = Spec.of("random-features", "coupling", Spec.of(o.getOrDefault("coupling", "iid")),
                "features", Spec.of(o.getOrDefault("features", "positive")), "m", (long) number(o, "m", "64"));
        Estimator est = cat.create(MechanismKind.ESTIMATOR, "estimator", spec);
        Kernel kernel = Kernel.gaussian(sigma);
        double exact = kernel.value(x, y);
        if (trials < 2) {
            throw new InvalidParameterException("trials", trials, "an integer >= 2");
        }
        double sum = 0;
        double sumSq = 0;
        double se = 0;
        double seSq = 0;
        for (int t = 0; t < trials; t++) {
            DrawnEstimator k = est.draw(new EstimatorRequest(kernel, x.length, null, Seeds.derive(seed, t)));
            double v = k.estimate(x, y);
            double e = (v - exact) * (v - exact);
            sum += v;
            sumSq += v * v;
            se += e;
            seSq += e * e;
        }
        double mean = sum / trials;
        double mse = se / trials;
        double meanStdErr = Math.sqrt(Math.max(0, sumSq / trials - mean * mean) / (trials - 1.0));
        double mseStdErr = Math.sqrt(Math.max(0, seSq / trials - mse * mse) / (trials - 1.0));
        OptionalDouble theory = est.theoryMse(kernel, x, y, null);
        out.printf(Locale.ROOT, "estimator %s%nexact %.8g%nmean %.8g%nmeanStdErr %.4g%nmse %.6g%nmseStdErr %.4g%n"
                + "theoryMse %s%ntrials %d%n", est.spec().toPlain(), exact, mean, meanStdErr, mse, mseStdErr,
                theory.isPresent() ? String.format(Locale.ROOT, "%.6g", theory.getAsDouble()) : "null", trials);
    }

    private static double number(Map<String, String> o, String key, String dflt) {
        String s = o.getOrDefault(key, dflt);
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new InvalidParameterException(key, s, "a number");
        }
    }

    private static double[] vector(Map<String, String> o, String key, String dflt) {
        String[] parts = o.getOrDefault(key, dflt).split(",");
        double[] v = new double[parts.length];
        for (int i = 0; i < v.length; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new InvalidParameterException(key + "[" + i + "]", parts[i], "a number");
            }
        }
        return Matrix.row(v).requireFinite(key).data();
    }

    /** Providers by kind and id, found with plain {@link ServiceLoader}; builds nested mechanisms. */
    public static final class Catalogue implements BuildContext {
        private final Map<MechanismKind<?>, Map<String, MechanismProvider<?>>> byKind = new LinkedHashMap<>();

        private Catalogue() {
        }

        /** Everything the module path (or the runtime image) provides. */
        public static Catalogue load() {
            Catalogue c = new Catalogue();
            for (MechanismKind<?> kind : MechanismKind.values()) {
                Map<String, MechanismProvider<?>> m = new TreeMap<>();
                for (MechanismProvider<?> p : ServiceLoader.load(kind.providerType())) {
                    m.putIfAbsent(p.id(), p);
                }
                c.byKind.put(kind, m);
            }
            return c;
        }

        /** The ids of a kind, sorted. */
        public List<String> ids(MechanismKind<?> kind) {
            return new ArrayList<>(byKind.get(kind).keySet());
        }

        void print(PrintStream out) {
            byKind.forEach((kind, m) -> m.forEach((id, p) -> out.printf(Locale.ROOT, "%-9s %-18s %s (%s)%n",
                    kind.label(), id, p.description(), p.getClass().getModule().isNamed()
                            ? p.getClass().getModule().getName() : "class path")));
        }

        @Override
        public <T extends org.rf4j.api.mechanism.Mechanism> T create(MechanismKind<T> kind, String path, Spec spec) {
            MechanismProvider<?> p = byKind.get(kind).get(spec.id());
            if (p == null) {
                throw new UnknownMechanismException(path, kind, spec.id(), byKind.get(kind).keySet());
            }
            Parameters params = p.schema().validate(path, spec.id(), spec.parameters());
            return kind.mechanismType().cast(p.create(params, this));
        }

        @Override
        public Matrix readMatrix(String key, String file) {
            throw new InvalidParameterException(key, file, "no data files: the embedding example reads none");
        }
    }
}
