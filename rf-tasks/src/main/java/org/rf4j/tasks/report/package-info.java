/**
 * Renderers for evaluation results: the plain-text {@link org.rf4j.tasks.report.TextTable}, the
 * self-contained {@link org.rf4j.tasks.report.HtmlReport} and its dependency-free
 * {@link org.rf4j.tasks.report.SvgPlot}.
 */
package org.rf4j.tasks.report;
