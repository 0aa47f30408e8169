# Noise: published (PODC'22) and measured
# tier paper · n = 10000, m = 1000n · 100 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' noise22-published.gp   (fmt: png, pdf, svg, tex)
# The data are in noise22-published.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,954 enhanced font "Sans,19" linewidth 2.5
  set output "noise22-published.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.18in enhanced font "Sans,6.5" linewidth 1
  set output "noise22-published.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,636 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "noise22-published.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.18in linewidth 1
  set output "noise22-published-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Noise: published (PODC''22) and measured' : 'Noise: published (PODC''22) and measured'
T_x = tex ? 'g or $\sigma$' : 'g or σ'
T_y = tex ? 'mean gap at the run''s end' : 'mean gap at the run''s end'
T_note0 = tex ? 'tier paper $\cdot$ n = 10000, m = 1000n $\cdot$ 100 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'tier paper · n = 10000, m = 1000n · 100 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'g-Bounded, published (m = 1000n)' : 'g-Bounded, published (m = 1000n)'
T_s1 = tex ? 'g-Bounded, measured (m = 1000n)' : 'g-Bounded, measured (m = 1000n)'
T_s2 = tex ? 'g-Myopic, published (m = 1000n)' : 'g-Myopic, published (m = 1000n)'
T_s3 = tex ? 'g-Myopic, measured (m = 1000n)' : 'g-Myopic, measured (m = 1000n)'
T_s4 = tex ? '$\sigma$-Noisy-Load, published (m = 1000n)' : 'σ-Noisy-Load, published (m = 1000n)'
T_s5 = tex ? '$\sigma$-Noisy-Load, measured (m = 1000n)' : 'σ-Noisy-Load, measured (m = 1000n)'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}}', T_title, T_note0) : sprintf("%s\n{/*0.85 %s}", T_title, T_note0))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'noise22-published.dat' index 0 using 1:2 with points lc rgb '#000000' pt 6 ps 1.8*P title T_s0, \
  'noise22-published.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 2 pt 6 ps P title T_s1, \
  'noise22-published.dat' index 2 using 1:2 with points lc rgb '#E69F00' pt 4 ps 1.8*P title T_s2, \
  'noise22-published.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s3, \
  'noise22-published.dat' index 4 using 1:2 with points lc rgb '#0072B2' pt 8 ps 1.8*P title T_s4, \
  'noise22-published.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 2 pt 8 ps P title T_s5
