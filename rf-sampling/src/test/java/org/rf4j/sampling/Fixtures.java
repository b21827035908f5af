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
package org.rf4j.sampling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.Spec;
import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.FeatureRequest;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.ProjectionFeatureMap;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.rf4j.spi.ProviderInfo;

/** Shared test data, test-only mechanisms and estimators of per-projection contributions. */
final class Fixtures {
    static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

    private Fixtures() {
    }

    /** Every projection feature map the registry discovers (default parameters), so new maps are covered. */
    static List<ProjectionFeatureMap> registryMaps() {
        List<ProjectionFeatureMap> out = new ArrayList<>();
        for (ProviderInfo p : REGISTRY.providers(MechanismKind.FEATURE_MAP)) {
            Object made;
            try {
                made = REGISTRY.create(MechanismKind.FEATURE_MAP, "features", Spec.of(p.id()));
            } catch (RuntimeException e) {
                continue; // a map that needs parameters without defaults
            }
            if (made instanceof ProjectionFeatureMap pm) {
                out.add(pm);
            }
        }
        return out;
    }

    static ProjectionFeatureMap map(String id) {
        return (ProjectionFeatureMap) REGISTRY.create(MechanismKind.FEATURE_MAP, "features", Spec.of(id));
    }

    /** A unit-bandwidth kernel of the kind: fitting with it leaves kernel coordinates as they are. */
    static org.rf4j.api.kernel.Kernel unit(KernelKind kind) {
        return kind == KernelKind.GAUSSIAN ? org.rf4j.api.kernel.Kernel.gaussian(1) : org.rf4j.api.kernel.Kernel.softmax();
    }

    /** The map fitted to the data (kernel coordinates) when it is data-driven (OPRF), as the estimator's fit stage does. */
    static ProjectionFeatureMap fitted(ProjectionFeatureMap map, KernelKind kind, org.rf4j.api.mechanism.DataSample data) {
        return map.needsFit() ? (ProjectionFeatureMap) map.fit(org.rf4j.api.mechanism.FitData.of(unit(kind), data)) : map;
    }

    /** The policy fitted to the data (kernel coordinates) for the map, iid projections. */
    static org.rf4j.api.mechanism.SamplingPolicy fitted(org.rf4j.api.mechanism.SamplingPolicy policy,
            ProjectionFeatureMap map, KernelKind kind, org.rf4j.api.mechanism.DataSample data) {
        return policy.fit(org.rf4j.api.mechanism.FitData.of(unit(kind), data), map, iid());
    }

    static Coupling iid() {
        return REGISTRY.create(MechanismKind.COUPLING, "coupling", Spec.of("iid"));
    }

    /** n rows of N(center, s²I). */
    static Matrix gaussian(int n, double[] center, double s, RandomGenerator rng) {
        int d = center.length;
        Matrix x = Matrix.zeros(n, d);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                x.set(i, k, center[k] + s * rng.nextGaussian());
            }
        }
        return x;
    }

    /**
     * "Real-data-like" rows: two clusters in a random rotation with a decaying spectrum (like PCA'd
     * image or sensor features), scaled so the rows have norm about {@code radius}.
     */
    static Matrix realLike(int n, int d, double radius, RandomGenerator rng) {
        Matrix rot = orthogonal(d, rng);
        double[][] centers = new double[2][d];
        for (int c = 0; c < 2; c++) {
            for (int k = 0; k < d; k++) {
                centers[c][k] = rng.nextGaussian() * 0.6 / Math.sqrt(d);
            }
        }
        Matrix x = Matrix.zeros(n, d);
        for (int i = 0; i < n; i++) {
            double[] c = centers[i % 2];
            double[] u = new double[d];
            for (int k = 0; k < d; k++) {
                u[k] = rng.nextGaussian() * 0.5 / Math.sqrt(1.0 + k);
            }
            for (int a = 0; a < d; a++) {
                double acc = c[a];
                for (int k = 0; k < d; k++) {
                    acc += rot.get(a, k) * u[k];
                }
                x.set(i, a, radius * acc);
            }
        }
        return x;
    }

    /** A Haar-random orthogonal matrix (Gram–Schmidt of a Gaussian matrix). */
    static Matrix orthogonal(int d, RandomGenerator rng) {
        double[][] q = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int k = 0; k < d; k++) {
                q[i][k] = rng.nextGaussian();
            }
            for (int j = 0; j < i; j++) {
                double dot = 0;
                for (int k = 0; k < d; k++) {
                    dot += q[i][k] * q[j][k];
                }
                for (int k = 0; k < d; k++) {
                    q[i][k] -= dot * q[j][k];
                }
            }
            double norm = 0;
            for (int k = 0; k < d; k++) {
                norm += q[i][k] * q[i][k];
            }
            norm = Math.sqrt(norm);
            for (int k = 0; k < d; k++) {
                q[i][k] /= norm;
            }
        }
        return Matrix.of(q);
    }

    /**
     * Per-projection estimates {@code f_j(x, y) = m·Σ_b φ_{b·m+j}(x) ψ_{b·m+j}(y)} (weights folded
     * in) for every pair: result[j] is the vector over pairs (i, k), row-major.
     */
    static double[][] contributions(DrawnFeatures rf, int blocks, Matrix x1, Matrix x2) {
        Matrix f1 = rf.map(Side.QUERY, x1, null);
        Matrix f2 = rf.map(Side.KEY, x2, null);
        int m = f1.cols() / blocks;
        int n1 = x1.rows();
        int n2 = x2.rows();
        double[][] out = new double[m][n1 * n2];
        for (int i = 0; i < n1; i++) {
            for (int k = 0; k < n2; k++) {
                for (int b = 0; b < blocks; b++) {
                    int o = b * m;
                    for (int j = 0; j < m; j++) {
                        out[j][i * n2 + k] += f1.get(i, o + j) * f2.get(k, o + j);
                    }
                }
            }
        }
        for (double[] row : out) {
            for (int p = 0; p < row.length; p++) {
                row[p] *= m;
            }
        }
        return out;
    }

    /** Exact kernel values for every pair, row-major. */
    static double[] kernel(KernelKind kind, Matrix x1, Matrix x2) {
        double[] k = new double[x1.rows() * x2.rows()];
        for (int i = 0; i < x1.rows(); i++) {
            for (int j = 0; j < x2.rows(); j++) {
                k[i * x2.rows() + j] = kind.value(x1.row(i), x2.row(j));
            }
        }
        return k;
    }

    /**
     * Expected per-projection variance over all pairs (x₁, x₂) of iid projections: {@code u_j =
     * mean_pairs (f_j − K)²} are iid across j, so their mean estimates V (Sernau et al. Definition 2)
     * and their spread gives the standard error. Streams over the pairs (O(m) memory). Returns
     * {mean, standard error}.
     */
    static double[] expectedVariance(DrawnFeatures rf, int blocks, KernelKind kind, Matrix x1, Matrix x2) {
        Matrix f1 = rf.map(Side.QUERY, x1, null);
        Matrix f2 = rf.map(Side.KEY, x2, null);
        int m = f1.cols() / blocks;
        int width = f1.cols();
        double[] a = f1.data();
        double[] b = f2.data();
        double[] u = new double[m];
        for (int i = 0; i < x1.rows(); i++) {
            double[] xi = x1.row(i);
            for (int k = 0; k < x2.rows(); k++) {
                double kernel = kind.value(xi, x2.row(k));
                for (int j = 0; j < m; j++) {
                    double f = 0;
                    for (int c = 0; c < blocks; c++) {
                        f += a[i * width + c * m + j] * b[k * width + c * m + j];
                    }
                    double e = m * f - kernel;
                    u[j] += e * e;
                }
            }
        }
        double pairs = (double) x1.rows() * x2.rows();
        for (int j = 0; j < m; j++) {
            u[j] /= pairs;
        }
        double mean = OptimalSampling.mean(u);
        return new double[] {mean, OptimalSampling.standardError(u, mean)};
    }

    /** {mean, standard error} of a sample. */
    static double[] meanAndError(double[] a) {
        double mean = OptimalSampling.mean(a);
        return new double[] {mean, OptimalSampling.standardError(a, mean)};
    }

    /** The rows of a CSV with a header, the last column (label) dropped. */
    static Matrix readCsv(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            double[] r = new double[f.length - 1];
            for (int i = 0; i < r.length; i++) {
                r[i] = Double.parseDouble(f[i].trim());
            }
            rows.add(r);
        }
        return Matrix.of(rows.toArray(new double[0][]));
    }

    /** The shared data folder ({@code shared/data} above the working directory), or null if absent. */
    static Path sharedData() {
        Path p = Paths.get("").toAbsolutePath();
        while (p != null) {
            Path candidate = p.resolve("shared").resolve("data");
            if (Files.isRegularFile(candidate.resolve("iris.csv"))) {
                return candidate;
            }
            p = p.getParent();
        }
        return null;
    }

    /** Columns standardised to mean 0, variance 1, then multiplied by {@code scale}. */
    static Matrix standardise(Matrix x, double scale) {
        int n = x.rows();
        int d = x.cols();
        Matrix out = Matrix.zeros(n, d);
        for (int k = 0; k < d; k++) {
            double mean = 0;
            for (int i = 0; i < n; i++) {
                mean += x.get(i, k);
            }
            mean /= n;
            double var = 0;
            for (int i = 0; i < n; i++) {
                var += (x.get(i, k) - mean) * (x.get(i, k) - mean);
            }
            double sd = Math.sqrt(var / n);
            for (int i = 0; i < n; i++) {
                out.set(i, k, sd == 0 ? 0 : scale * (x.get(i, k) - mean) / sd);
            }
        }
        return out;
    }

    /**
     * A scalar (one column per projection) representation of the Gaussian kernel, different from
     * every registry map: {@code φ(x, ω) = √2 cos(ωᵀx + π/4)}. Since ω ~ N(0, I) is symmetric,
     * {@code E[2 cos(ωᵀx + π/4) cos(ωᵀy + π/4)] = E[cos(ωᵀ(x − y))] − E[sin(ωᵀ(x + y))] = K(x, y)}.
     */
    static final class PhaseCosine implements ProjectionFeatureMap {
        @Override
        public Spec spec() {
            return Spec.of("test-phase-cosine");
        }

        @Override
        public boolean positive() {
            return false;
        }

        @Override
        public int blocks() {
            return 1;
        }

        @Override
        public DrawnFeatures bind(Projection projection, FeatureRequest request) {
            if (request.target() != KernelKind.GAUSSIAN) {
                throw new IllegalArgumentException("test map estimates the Gaussian kernel only");
            }
            int m = projection.count();
            double[] w = projection.importanceWeights();
            return new DrawnFeatures() {
                @Override
                public int inputDimension() {
                    return projection.dimension();
                }

                @Override
                public int outputDimension() {
                    return m;
                }

                @Override
                public boolean positive() {
                    return false;
                }

                @Override
                public Matrix map(Side side, Matrix x, Matrix out) {
                    Matrix z = projection.apply(x, null);
                    Matrix o = Matrix.requireShape(out, x.rows(), m, "features");
                    for (int i = 0; i < x.rows(); i++) {
                        for (int j = 0; j < m; j++) {
                            double s = Math.sqrt(2.0 / m) * (w == null ? 1 : Math.sqrt(w[j]));
                            o.set(i, j, s * Math.cos(z.get(i, j) + Math.PI / 4));
                        }
                    }
                    return o;
                }
            };
        }
    }

    /**
     * Block-orthogonal coupling for the tests (orthogonal random features, Yu et al. 2016): each
     * block of d rows is a Haar-orthogonal matrix with rows rescaled by independent χ_d norms, so
     * every row is marginally N(0, I) while rows in a block are exactly orthogonal.
     */
    static final class Orthogonal implements Coupling {
        @Override
        public Spec spec() {
            return Spec.of("test-orthogonal");
        }

        @Override
        public Projection draw(int m, int d, RandomGenerator rng) {
            Matrix w = Matrix.zeros(m, d);
            for (int start = 0; start < m; start += d) {
                Matrix q = orthogonal(d, rng);
                for (int r = 0; r < d && start + r < m; r++) {
                    double chi = 0;
                    for (int k = 0; k < d; k++) {
                        double g = rng.nextGaussian();
                        chi += g * g;
                    }
                    chi = Math.sqrt(chi);
                    for (int k = 0; k < d; k++) {
                        w.set(start + r, k, chi * q.get(r, k));
                    }
                }
            }
            return new DenseProjection(w);
        }
    }
}
