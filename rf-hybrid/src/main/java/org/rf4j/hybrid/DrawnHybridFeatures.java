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
package org.rf4j.hybrid;

import java.util.List;
import org.rf4j.api.DimensionMismatchException;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.DrawnLambda;
import org.rf4j.api.mechanism.FixedShapeFeatures;
import org.rf4j.api.mechanism.DrawnFeatures;
import org.rf4j.api.mechanism.Side;
import org.apiguardian.api.API;

/**
 * The linearised hybrid estimator (HRF Lemma 2.3, Eq. 11; App. B Eq. 30): drawn base features
 * φ₁ᵏ, φ₂ᵏ (k = 1..p+1) and λ-features (aₖ, ρ₁ᵏ, ρ₂ᵏ) (k = 1..p) become one pair of real maps
 * with {@code Ψ₁(x)ᵀΨ₂(y) = Σₖ λ̂ₖ SM̂ₖ + (1 − Σₖ λ̂ₖ) SM̂_{p+1}} (Eq. 8) exactly. Blocks, in order:
 * <ol>
 *   <li>for k ≤ p with aₖ ≠ 0: query {@code aₖφ₁ᵏ(x)}, key {@code φ₂ᵏ(y)} (Ψ¹);</li>
 *   <li>for k ≤ p: {@code ρ₁ᵏ(x) ⊗ φ₁ᵏ(x)} and {@code ρ₂ᵏ(y) ⊗ φ₂ᵏ(y)} (Ψ²);</li>
 *   <li>if 1 − Σaₖ ≠ 0: query {@code (1 − Σaₖ)φ₁^{p+1}(x)}, key {@code φ₂^{p+1}(y)} (Ψ³);</li>
 *   <li>for k ≤ p: query {@code −ρ₁ᵏ(x) ⊗ φ₁^{p+1}(x)}, key {@code ρ₂ᵏ(y) ⊗ φ₂^{p+1}(y)} (Ψ⁴).</li>
 * </ol>
 * The paper splits each scalar weight as √w on both sides and writes Ψ⁴ with a factor i; here the
 * weight and the sign go on the query side only (an asymmetric but real map, the same realified
 * product), which also covers a constant 1 − Σaₖ &lt; 0 (e.g. the bipolar Gaussian λ, a = 1/ρ &gt; 1).
 * Complex base features arrive realified, and since every λ̂ is real,
 * {@code (ρ₁⊗φ₁)ᵀ(ρ₂⊗φ₂) = (ρ₁ᵀρ₂)(φ₁ᵀφ₂)} holds for the realified vectors too.
 *
 * <p>Cost per input (App. L): the base and λ features cost O((Σ mₖ + Σ nₖ)·d) and the outer products
 * O(Σ nₖ mₖ), so a Θ(mn)-dimensional map is built in O(nd + md + mn), not O(mnd).
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class DrawnHybridFeatures extends FixedShapeFeatures {
    private final List<DrawnFeatures> bases;
    private final List<DrawnLambda> lambdas;
    private final double lastWeight;
    private final boolean partition;

    /**
     * @param bases   p + 1 drawn base feature maps (same input dimension)
     * @param lambdas p drawn λ-estimators
     */
    public DrawnHybridFeatures(List<DrawnFeatures> bases, List<DrawnLambda> lambdas) {
        this(bases, lambdas, false);
    }

    /**
     * The hybrid {@code Σₖ λ̂ₖ SM̂ₖ} for λ̂s that sum to 1 identically (HRF Def. H.2, Eq. 101–102: cluster
     * indicators of a partition), so no (p+1)-th base is needed: {@code Ψ = ⊕ₖ (aₖφᵏ, ρᵏ ⊗ φᵏ)}.
     *
     * @param bases   p drawn base feature maps
     * @param lambdas p drawn λ-estimators whose estimates sum to 1 for every input pair
     */
    public static DrawnHybridFeatures partitionOfUnity(List<DrawnFeatures> bases, List<DrawnLambda> lambdas) {
        return new DrawnHybridFeatures(bases, lambdas, true);
    }

    private DrawnHybridFeatures(List<DrawnFeatures> bases, List<DrawnLambda> lambdas, boolean partition) {
        super(checkedDimension(bases, lambdas, partition), checkedWidth(featureCount(bases, lambdas, partition)), false);
        this.partition = partition;
        this.bases = List.copyOf(bases);
        this.lambdas = List.copyOf(lambdas);
        double sumA = 0;
        for (DrawnLambda lambda : lambdas) {
            sumA += lambda.constant();
        }
        this.lastWeight = partition ? 0 : 1 - sumA;
    }

    /**
     * The common input dimension of the bases and λs, after checking that there is one more base than
     * λs (as many for a partition of unity) and that every one takes base 0's dimension.
     */
    private static int checkedDimension(List<DrawnFeatures> bases, List<DrawnLambda> lambdas, boolean partition) {
        if (bases.size() != lambdas.size() + (partition ? 0 : 1) || bases.isEmpty()) {
            throw new DimensionMismatchException("a hybrid needs " + (partition ? "as many bases as" : "one more base than")
                    + " λs; got " + bases.size() + " bases and " + lambdas.size() + " λs");
        }
        int d = bases.get(0).inputDimension();
        int p = lambdas.size();
        for (int k = 0; k < p; k++) {
            check(d, bases.get(k).inputDimension(), "base " + k);
            check(d, lambdas.get(k).inputDimension(), "λ " + k);
        }
        if (!partition) {
            check(d, bases.get(p).inputDimension(), "base " + p);
        }
        return d;
    }

    /**
     * The number of features of the hybrid over these drawn bases and λs, in long with exact
     * arithmetic: nested hybrids multiply widths, and an int would wrap.
     */
    static long featureCount(List<DrawnFeatures> bases, List<DrawnLambda> lambdas, boolean partition) {
        int p = lambdas.size();
        double sumA = 0;
        long w = 0;
        for (int k = 0; k < p; k++) {
            double a = lambdas.get(k).constant();
            sumA += a;
            long dk = bases.get(k).outputDimension();
            w = Math.addExact(w, Math.addExact(a != 0 ? dk : 0, Math.multiplyExact(lambdas.get(k).outputDimension(), dk)));
        }
        if (partition) {
            return w;
        }
        long dl = bases.get(p).outputDimension();
        w = Math.addExact(w, 1 - sumA != 0 ? dl : 0);
        for (int k = 0; k < p; k++) {
            w = Math.addExact(w, Math.multiplyExact(lambdas.get(k).outputDimension(), dl));
        }
        return w;
    }

    /** The feature count as an int, or a refusal naming it (deeply nested hybrids grow it geometrically). */
    private static int checkedWidth(long w) {
        if (w > Integer.MAX_VALUE - 8) {
            throw new org.rf4j.api.InvalidParameterException("estimator", "a hybrid with " + w + " features",
                    "at most " + (Integer.MAX_VALUE - 8) + " features per row; nested hybrids multiply the feature "
                            + "counts of their bases and λs, so nest fewer levels or use smaller m and n");
        }
        return (int) w;
    }

    private static void check(int d, int dk, String what) {
        if (dk != d) {
            throw new DimensionMismatchException(what + " of the hybrid takes inputs of dimension " + dk
                    + " but base 0 takes " + d);
        }
    }

    /** True if built by {@link #partitionOfUnity} (no (p+1)-th base). */
    public boolean isPartitionOfUnity() {
        return partition;
    }

    /** The drawn base features (p + 1, or p for a partition of unity). */
    public List<DrawnFeatures> bases() {
        return bases;
    }

    /** The drawn λ-features (p). */
    public List<DrawnLambda> lambdas() {
        return lambdas;
    }

    @Override
    public Matrix map(Side side, Matrix x, Matrix out) {
        Matrix o = output(x, out, "hybrid feature input", "hybrid features");
        int n = x.rows();
        if (n == 0) {
            return o;
        }
        int p = lambdas.size();
        boolean query = side == Side.QUERY;
        Matrix[] phi = new Matrix[bases.size()];
        for (int k = 0; k < bases.size(); k++) {
            phi[k] = bases.get(k).map(side, x, null);
        }
        Matrix[] rho = new Matrix[p];
        for (int k = 0; k < p; k++) {
            rho[k] = lambdas.get(k).map(side, x, null);
        }
        double[] od = o.data();
        for (int i = 0; i < n; i++) {
            int pos = i * width;
            for (int k = 0; k < p; k++) {
                double a = lambdas.get(k).constant();
                if (a != 0) {
                    pos = copy(phi[k], i, query ? a : 1.0, od, pos);
                }
                pos = outer(rho[k], phi[k], i, 1.0, od, pos);
            }
            if (partition) {
                continue;
            }
            if (lastWeight != 0) {
                pos = copy(phi[p], i, query ? lastWeight : 1.0, od, pos);
            }
            for (int k = 0; k < p; k++) {
                pos = outer(rho[k], phi[p], i, query ? -1.0 : 1.0, od, pos);
            }
        }
        return o;
    }

    private static int copy(Matrix f, int row, double factor, double[] out, int pos) {
        int c = f.cols();
        double[] a = f.data();
        int off = row * c;
        for (int j = 0; j < c; j++) {
            out[pos + j] = factor * a[off + j];
        }
        return pos + c;
    }

    private static int outer(Matrix rho, Matrix phi, int row, double factor, double[] out, int pos) {
        int l = rho.cols();
        int c = phi.cols();
        double[] r = rho.data();
        double[] f = phi.data();
        int fo = row * c;
        for (int i = 0; i < l; i++) {
            double s = factor * r[row * l + i];
            if (s == 0) {
                java.util.Arrays.fill(out, pos, pos + c, 0.0);
            } else {
                for (int j = 0; j < c; j++) {
                    out[pos + j] = s * f[fo + j];
                }
            }
            pos += c;
        }
        return pos;
    }

    /**
     * Eq. 8 evaluated directly, without the linearisation: {@code Σₖ λ̂ₖ SM̂ₖ + (1 − Σλ̂ₖ) SM̂_{p+1}}
     * with {@code λ̂ₖ = aₖ + ρ₁ᵏ(x)ᵀρ₂ᵏ(y)} and {@code SM̂ₖ = φ₁ᵏ(x)ᵀφ₂ᵏ(y)} (scaled inputs). For
     * verification of the linearised map.
     */
    public double directEstimate(double[] x, double[] y) {
        int p = lambdas.size();
        double acc = 0;
        double sum = 0;
        for (int k = 0; k < p; k++) {
            DrawnLambda l = lambdas.get(k);
            double lk = l.constant() + dot(l.map(Side.QUERY, x), l.map(Side.KEY, y));
            sum += lk;
            acc += lk * dot(bases.get(k).map(Side.QUERY, x), bases.get(k).map(Side.KEY, y));
        }
        if (partition) {
            return acc;
        }
        return acc + (1 - sum) * dot(bases.get(p).map(Side.QUERY, x), bases.get(p).map(Side.KEY, y));
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
