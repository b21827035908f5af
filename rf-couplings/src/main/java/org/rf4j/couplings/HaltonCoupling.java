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
package org.rf4j.couplings;

import java.util.random.RandomGenerator;
import org.rf4j.api.Matrix;
import org.rf4j.api.mechanism.ParameterlessMechanism;
import org.rf4j.api.mechanism.Coupling;
import org.rf4j.api.mechanism.DenseProjection;
import org.rf4j.api.mechanism.Projection;
import org.rf4j.spi.AbstractProvider;
import org.rf4j.spi.CouplingProvider;
import org.rf4j.theory.special.Normal;
import org.apiguardian.api.API;

/**
 * Randomised quasi-Monte Carlo projections (the QMC baseline of the Hybrid RF paper, Table 1;
 * Yang et al. 2014): {@code w_i = Φ⁻¹(u_i)} componentwise, with u_0, …, u_{m−1} the first m points
 * of a randomly scrambled Halton sequence in [0, 1)^d (coordinate j in base p_j, the j-th prime).
 *
 * <p>Randomisation, and why it keeps estimators unbiased: coordinate j of point i has base-p
 * digits {@code a_k(i)} (k = 0 … K−1, K the number of digits of m−1); each digit is scrambled by an
 * independent random affine map {@code a ↦ (h_k a + g_k) mod p} with {@code h_k ∈ {1..p−1}} (a
 * Matoušek linear scramble, which keeps the low-discrepancy net structure) and
 * {@code g_k} uniform in {0..p−1} (a digital shift, which makes each digit of every point uniform
 * and the K digits independent); the remaining digits are filled by an independent uniform
 * {@code U·p^{−K}}. Each coordinate of each point is therefore exactly Uniform(0, 1), independently
 * across coordinates (independent scrambles per coordinate), so every {@code w_i} is exactly
 * N(0, I_d) while the set of points keeps the Halton stratification. {@link Normal#inverseCdf}
 * is accurate to ~1e-15 relative.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class HaltonCoupling extends ParameterlessMechanism implements Coupling {
    /** The provider id. */
    public static final String ID = "halton";

    public HaltonCoupling() {
        super(ID);
    }

    @Override
    public Projection draw(int m, int d, RandomGenerator rng) {
        Blocks.check(ID, m, d, 1);
        int[] primes = primes(d);
        Matrix w = Matrix.zeros(m, d);
        double[] out = w.data();
        for (int j = 0; j < d; j++) {
            int p = primes[j];
            int digits = 1;
            for (long v = (long) p; v <= m - 1L; v *= p) {
                digits++;
            }
            int[] h = new int[digits];
            int[] g = new int[digits];
            for (int k = 0; k < digits; k++) {
                h[k] = 1 + rng.nextInt(p - 1);
                g[k] = rng.nextInt(p);
            }
            double cell = Math.pow(p, -digits);
            for (int i = 0; i < m; i++) {
                int idx = i;
                double x = 0;
                double f = 1.0 / p;
                for (int k = 0; k < digits; k++) {
                    int a = idx % p;
                    idx /= p;
                    x += ((int) (((long) h[k] * a + g[k]) % p)) * f;
                    f /= p;
                }
                x += rng.nextDouble() * cell;
                if (x <= 0) {
                    x = Double.MIN_NORMAL;
                } else if (x >= 1) {
                    x = Math.nextDown(1.0);
                }
                out[i * d + j] = Normal.inverseCdf(x);
            }
        }
        return new DenseProjection(w);
    }

    /** The first n primes. */
    static int[] primes(int n) {
        int[] ps = new int[n];
        int count = 0;
        for (int c = 2; count < n; c++) {
            boolean prime = true;
            for (int i = 0; i < count && ps[i] * ps[i] <= c; i++) {
                if (c % ps[i] == 0) {
                    prime = false;
                    break;
                }
            }
            if (prime) {
                ps[count++] = c;
            }
        }
        return ps;
    }

    /** The {@code halton} provider. */
    public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
        public Provider() {
            super(ID,
                    "randomised QMC: scrambled Halton points mapped to N(0, I) by the inverse normal CDF (HRF Table 1)",
                    (parameters, context) -> new HaltonCoupling());
        }
    }
}
