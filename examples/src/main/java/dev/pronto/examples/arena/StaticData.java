package dev.pronto.examples.arena;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** Generates HttpArena's 20 static files (same names and sizes, with .gz and .br siblings) when none are mounted. */
final class StaticData {
    private static final Object[][] FILES = {
        {"reset.css", 8192}, {"layout.css", 25600}, {"theme.css", 18432}, {"components.css", 204800},
        {"utilities.css", 61440}, {"analytics.js", 12288}, {"helpers.js", 22528}, {"app.js", 204800},
        {"vendor.js", 307200}, {"router.js", 35840}, {"header.html", 122880}, {"footer.html", 56320},
        {"regular.woff2", 18432}, {"bold.woff2", 22528}, {"logo.svg", 15344}, {"icon-sprite.svg", 71680},
        {"hero.webp", 46080}, {"thumb1.webp", 8192}, {"thumb2.webp", 6144}, {"manifest.json", 2883},
    };

    private StaticData() {
    }

    static Path generate(Path dir) throws IOException {
        Files.createDirectories(dir);
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (Object[] f : FILES) {
            String name = (String) f[0];
            int size = (Integer) f[1];
            boolean binary = name.endsWith(".woff2") || name.endsWith(".webp");
            byte[] content = binary ? randomBytes(random, size) : text(name, size);
            Files.write(dir.resolve(name), content);
            if (!binary) {
                Files.write(dir.resolve(name + ".gz"), gzip(content));
                Files.write(dir.resolve(name + ".br"), brotli(content));
            }
        }
        return dir;
    }

    private static byte[] randomBytes(java.util.SplittableRandom random, int size) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        return b;
    }

    private static byte[] text(String name, int size) {
        StringBuilder sb = new StringBuilder(size + 64);
        for (int i = 0; sb.length() < size; i++) {
            sb.append("/* ").append(name).append(" line ").append(i).append(" */ .c").append(i % 97)
                    .append(" { margin: ").append(i % 13).append("px; }\n");
        }
        return sb.substring(0, size).getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(content);
        }
        return out.toByteArray();
    }

    private static byte[] brotli(byte[] content) throws IOException {
        Brotli4jLoader.ensureAvailability();
        return Encoder.compress(content, new Encoder.Parameters().setQuality(11));
    }
}
