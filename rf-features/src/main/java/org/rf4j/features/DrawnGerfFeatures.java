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
package org.rf4j.features;

import org.rf4j.api.kernel.KernelKind;
import org.rf4j.api.linalg.LinearAlgebra;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.api.mechanism.DrawnProjectionFeatures;
import org.rf4j.api.mechanism.Side;
import org.rf4j.theory.GeneralizedFeatureTheory;
import org.rf4j.theory.special.Complex;


/**
 * Drawn generalised exponential RFs (CRT Eq. 4): for projection w_j,
 * {@code f₁ = D·exp(A|w_j|² + B w_jᵀx + C|x|²)}, {@code f₂ = D·exp(A|w_j|² + sB w_jᵀy + C|y|²)}, with
 * B, C, D from Theorem 3.1, each scaled by {@code m^{-1/2}} (and √weight under importance sampling),
 * plus the row factor {@code e^{|x|²/2}} for the softmax target.
 *
 * <p>Everything is computed as one complex logarithm per feature,
 * {@code L = ln D + A|w|² + (±B)wᵀx + C|x|²}, then {@code e^{Re L}(cos Im L, sin Im L)}; so D (which
 * for large d over- or underflows on its own) never appears alone. Real maps (A real, s = +1) have one
 * block; complex ones are realified as [Re | Im] on the query side and [Re | −Im] on the key side
 * (rf-api's {@code ComplexMatrix} convention), so the dot product is {@code Re Σ f₁f₂} (CRT Eq. 1).
 */
final class DrawnGerfFeatures extends DrawnProjectionFeatures {
    private final boolean complex;
    private final int s;
    private final double bRe;
    private final double bIm;
    private final double c;
    private final double[] colRe;
    private final double[] colIm;
    private final double limit;
    /** colRe rounded to float, and the float path's limit ({@link FeatureMapSupport#logLimitFloat}). */
    private final float[] colReFloat;
    private final double limitFloat;
    private final String id;

    DrawnGerfFeatures(Projection projection, KernelKind target, Complex a, int s, String id) {
        this(projection, target, a, s, id, isComplex(a, s));
    }

    /** With {@code complex} true, real features are still laid out as [Re | Im] (Im = 0). */
    DrawnGerfFeatures(Projection projection, KernelKind target, Complex a, int s, String id, boolean complex) {
        super(projection, target, complex ? 2 : 1, 1.0 / Math.sqrt(projection.count()));
        this.complex = complex;
        this.s = s;
        this.id = id;
        Complex b = GeneralizedFeatureTheory.gerfB(a, s);
        this.bRe = b.re();
        this.bIm = b.im();
        this.c = GeneralizedFeatureTheory.gerfC(s);
        Complex logD = GeneralizedFeatureTheory.gerfLogD(a, projection.dimension());
        double[] wsq = projection.rowSquaredNorms();
        this.colRe = new double[m];
        this.colIm = new double[m];
        for (int j = 0; j < m; j++) {
            colRe[j] = logD.re() + a.re() * wsq[j];
            colIm[j] = logD.im() + a.im() * wsq[j];
        }
        this.limit = FeatureMapSupport.logLimit(outputDimension());
        this.colReFloat = new float[m];
        for (int j = 0; j < m; j++) {
            colReFloat[j] = (float) colRe[j];
        }
        this.limitFloat = FeatureMapSupport.logLimitFloat(outputDimension());
    }

    /** True when the features are complex: unless A is real and s = +1, B or D is not real. */
    static boolean isComplex(Complex a, int s) {
        return !(a.isReal() && s == 1);
    }

    @Override
    public boolean positive() {
        return !complex && s == 1;
    }

    /** The key side differs (the sign s and the conjugate) unless A is real and s = +1. */
    @Override
    public boolean symmetric() {
        return !complex && s == 1;
    }

    @Override
    protected void fillRow(Side side, double[] z, int zOff, double sqNorm, int row, double[] out, int outOff) {
        double rowShift = c * sqNorm + target.logRowFactor(KernelKind.GAUSSIAN, sqNorm);
        double sign = side == Side.QUERY ? 1.0 : s;
        double br = sign * bRe;
        if (!complex) {
            // One vectorised pass leaves colRe[j] + br·zⱼ in z (the scratch row) and its largest value;
            // fl(v + rowShift) is monotone in v, so that value + rowShift is the largest exponent.
            double mx = LinearAlgebra.addScaledMax(colRe, 0, br, z, zOff, m);
            if (!(mx + rowShift <= limit)) {
                for (int j = 0; j < m; j++) {
                    FeatureMapSupport.checkLog(z[zOff + j] + rowShift, limit, row, sqNorm, id);
                }
            }
            LinearAlgebra.expAffine(z, zOff, 1.0, rowShift, out, outOff, m);
            return;
        }
        double bi = sign * bIm;
        double imSign = side == Side.QUERY ? 1.0 : -1.0;
        for (int j = 0; j < m; j++) {
            double t = z[zOff + j];
            double re = colRe[j] + br * t + rowShift;
            FeatureMapSupport.checkLog(re, limit, row, sqNorm, id);
            double mag = Math.exp(re);
            double im = colIm[j] + bi * t;
            out[outOff + j] = mag * Math.cos(im);
            out[outOff + m + j] = imSign * mag * Math.sin(im);
        }
    }

    /**
     * The native float row for real features (A real, s = +1: OPRF and real GERF):
     * {@code expf(fl(fl(colRe_j) + fl(br·z_j)) + fl(rowShift))} with the row shift {@code C|x|²} (+ the
     * target's row factor) from the double |x|², rounded once; the log is checked against the float
     * limit {@link FeatureMapSupport#logLimitFloat} (so every float estimate stays finite). Complex
     * features keep the default (the double row rounded once).
     */
    @Override
    protected void fillRowFloat(Side side, float[] z, int zOff, double sqNorm, int row, float[] out, int outOff) {
        if (complex) {
            super.fillRowFloat(side, z, zOff, sqNorm, row, out, outOff);
            return;
        }
        double rowShift = c * sqNorm + target.logRowFactor(KernelKind.GAUSSIAN, sqNorm);
        float br = (float) ((side == Side.QUERY ? 1.0 : s) * bRe);
        float mx = Float.NEGATIVE_INFINITY;
        for (int j = 0; j < m; j++) {
            float v = colReFloat[j] + br * z[zOff + j];
            z[zOff + j] = v;
            mx = Math.max(mx, v);
        }
        if (!(mx + rowShift <= limitFloat)) {
            for (int j = 0; j < m; j++) {
                FeatureMapSupport.checkLog(z[zOff + j] + rowShift, limitFloat, row, sqNorm, id);
            }
        }
        LinearAlgebra.expAffine(z, zOff, 1.0f, (float) rowShift, out, outOff, m);
    }
}
