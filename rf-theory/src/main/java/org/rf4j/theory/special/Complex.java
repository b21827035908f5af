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
package org.rf4j.theory.special;

import org.apiguardian.api.API;

/**
 * An immutable complex number with the principal branches the CRT paper uses (Theorem 3.1:
 * "√· and ⁴√· denote principal roots"). Principal means: {@link #log()} has imaginary part in
 * (−π, π], {@link #sqrt()} and {@link #root(int)} return {@code exp(Log(z)/n)}, whose argument lies
 * in (−π/n, π/n]; along the negative real axis the argument is +π (so {@code sqrt(−1) = i}).
 *
 * <p>Accuracy: every operation is within a few ulps of the exact result for finite inputs away
 * from overflow; {@link #abs()} uses {@link Math#hypot} (no spurious overflow), {@link #sqrt()}
 * uses the cancellation-free formula {@code t = √((|z| + |Re z|)/2)}.
 *
 * @param re real part
 * @param im imaginary part
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record Complex(double re, double im) {
    /** 0. */
    public static final Complex ZERO = new Complex(0.0, 0.0);
    /** 1. */
    public static final Complex ONE = new Complex(1.0, 0.0);
    /** The imaginary unit i. */
    public static final Complex I = new Complex(0.0, 1.0);

    /** A real number as a complex one. */
    public static Complex real(double re) {
        return new Complex(re, 0.0);
    }

    /** {@code re + i·im}. */
    public static Complex of(double re, double im) {
        return new Complex(re, im);
    }

    /** {@code r·e^{iθ}}. */
    public static Complex polar(double r, double theta) {
        return new Complex(r * Math.cos(theta), r * Math.sin(theta));
    }

    /** True if the imaginary part is exactly zero. */
    public boolean isReal() {
        return im == 0.0;
    }

    /** True if both parts are finite. */
    public boolean isFinite() {
        return Double.isFinite(re) && Double.isFinite(im);
    }

    public Complex plus(Complex o) {
        return new Complex(re + o.re, im + o.im);
    }

    public Complex plus(double o) {
        return new Complex(re + o, im);
    }

    public Complex minus(Complex o) {
        return new Complex(re - o.re, im - o.im);
    }

    public Complex negate() {
        return new Complex(-re, -im);
    }

    public Complex times(Complex o) {
        return new Complex(re * o.re - im * o.im, re * o.im + im * o.re);
    }

    public Complex times(double f) {
        return new Complex(re * f, im * f);
    }

    /** Division by Smith's algorithm (avoids overflow in |o|²). */
    public Complex divide(Complex o) {
        if (Math.abs(o.re) >= Math.abs(o.im)) {
            double r = o.im / o.re;
            double den = o.re + o.im * r;
            return new Complex((re + im * r) / den, (im - re * r) / den);
        }
        double r = o.re / o.im;
        double den = o.re * r + o.im;
        return new Complex((re * r + im) / den, (im * r - re) / den);
    }

    /** {@code 1/z}. */
    public Complex reciprocal() {
        return ONE.divide(this);
    }

    /** The complex conjugate. */
    public Complex conjugate() {
        return new Complex(re, -im);
    }

    /** |z|. */
    public double abs() {
        return Math.hypot(re, im);
    }

    /**
     * The principal argument in (−π, π]. The sign of a zero imaginary part is ignored (a negative
     * real number has argument +π), so that {@code √(−1 − 0i) = i}: CRT's trigonometric special case
     * B = √(s(1 − 4A)) with s = −1, A = 0 is i, whatever the sign of the zero.
     */
    public double arg() {
        if (im == 0.0) {
            return re < 0 ? Math.PI : 0.0;
        }
        return Math.atan2(im, re);
    }

    /** {@code e^z}. */
    public Complex exp() {
        double r = Math.exp(re);
        if (im == 0.0) {
            return new Complex(r, 0.0);
        }
        return new Complex(r * Math.cos(im), r * Math.sin(im));
    }

    /** The principal logarithm {@code ln|z| + i·arg z}. */
    public Complex log() {
        return new Complex(Math.log(abs()), arg());
    }

    /** The principal square root (argument in (−π/2, π/2]). */
    public Complex sqrt() {
        if (re == 0.0 && im == 0.0) {
            return ZERO;
        }
        double t = Math.sqrt((abs() + Math.abs(re)) / 2.0);
        if (re >= 0.0) {
            return new Complex(t, im / (2.0 * t));
        }
        // Re z < 0: the root lies on the imaginary side; im = ±0 gives +i·t (see arg()).
        return new Complex(Math.abs(im) / (2.0 * t), im < 0.0 ? -t : t);
    }

    /** The principal n-th root {@code exp(Log(z)/n)} (n ≥ 1); {@code root(2)} equals {@link #sqrt()}. */
    public Complex root(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("root index " + n + " must be >= 1");
        }
        if (n == 1) {
            return this;
        }
        if (n == 2) {
            return sqrt();
        }
        if (re == 0.0 && im == 0.0) {
            return ZERO;
        }
        return polar(Math.pow(abs(), 1.0 / n), arg() / n);
    }

    /** {@code z^k} for an integer k by repeated squaring (exact branch: no logarithm involved). */
    public Complex pow(int k) {
        if (k < 0) {
            return pow(-k).reciprocal();
        }
        Complex result = ONE;
        Complex base = this;
        int e = k;
        while (e > 0) {
            if ((e & 1) != 0) {
                result = result.times(base);
            }
            base = base.times(base);
            e >>= 1;
        }
        return result;
    }

    @Override
    public String toString() {
        return im >= 0 || Double.isNaN(im) ? re + "+" + im + "i" : re + "-" + (-im) + "i";
    }
}
