/**
 * Form bodies: {@code application/x-www-form-urlencoded} parsing and the streamed
 * {@code multipart/form-data} parser, its limits, and the writer of upload files off the event loop. The
 * public faces are {@code dev.pronto.core.FormFields}, {@code FormData}, {@code FileUpload}, {@code FormLimits}
 * and {@code Request.form()}/{@code multipart()}.
 *
 * <p>Depends on no protocol package. Not API.
 */
package dev.pronto.core.internal.form;
