# Two-thinning: worst and typical gap
# tier paper · m = 1000n · 50 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' thinning-over-time.gp   (fmt: png, pdf, svg, tex)
# The data are in thinning-over-time.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,1032 enhanced font "Sans,19" linewidth 2.5
  set output "thinning-over-time.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.44in enhanced font "Sans,6.5" linewidth 1
  set output "thinning-over-time.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,688 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "thinning-over-time.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.44in linewidth 1
  set output "thinning-over-time-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Two-thinning: worst and typical gap' : 'Two-thinning: worst and typical gap'
T_x = tex ? 'n (bins)' : 'n (bins)'
T_y = tex ? 'gap' : 'gap'
T_note0 = tex ? 'tier paper $\cdot$ m = 1000n $\cdot$ 50 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'tier paper · m = 1000n · 50 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'mean threshold t/n, max over [m]' : 'mean threshold t/n, max over [m]'
T_s1 = tex ? 'mean threshold t/n, at t = m' : 'mean threshold t/n, at t = m'
T_s2 = tex ? 'threshold t/n + 1, max over [m]' : 'threshold t/n + 1, max over [m]'
T_s3 = tex ? 'threshold t/n + 1, at t = m' : 'threshold t/n + 1, at t = m'
T_s4 = tex ? 'threshold t/n + 2, max over [m]' : 'threshold t/n + 2, max over [m]'
T_s5 = tex ? 'threshold t/n + 2, at t = m' : 'threshold t/n + 2, at t = m'
T_s6 = tex ? 'ln n / ln ln n' : 'ln n / ln ln n'
T_s7 = tex ? '$\surd$(ln n)' : '√(ln n)'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}}', T_title, T_note0) : sprintf("%s\n{/*0.85 %s}", T_title, T_note0))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set logscale x 2
if (tex) { set format x '$%g$' }
if (tex) { set format x '$2^{%L}$' } else { set format x '2^{%L}' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'thinning-over-time.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'thinning-over-time.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s1, \
  'thinning-over-time.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s2, \
  'thinning-over-time.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 2 pt 8 ps P title T_s3, \
  'thinning-over-time.dat' index 4 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 1 pt 13 ps P title T_s4, \
  'thinning-over-time.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 2 pt 12 ps P title T_s5, \
  'thinning-over-time.dat' index 6 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 title T_s6, \
  'thinning-over-time.dat' index 7 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 4 title T_s7
