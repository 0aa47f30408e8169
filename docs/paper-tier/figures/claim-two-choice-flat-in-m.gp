# Two-Choice: the gap does not grow with m (m ≥ n) [pass]
# tier paper · m = t·n · 125 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-two-choice-flat-in-m.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-two-choice-flat-in-m.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,945 enhanced font "Sans,19" linewidth 2.5
  set output "claim-two-choice-flat-in-m.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.15in enhanced font "Sans,6.5" linewidth 1
  set output "claim-two-choice-flat-in-m.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,630 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-two-choice-flat-in-m.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.15in linewidth 1
  set output "claim-two-choice-flat-in-m-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Two-Choice: the gap does not grow with m (m $\geq$ n) [pass]' : 'Two-Choice: the gap does not grow with m (m ≥ n) [pass]'
T_x = tex ? 't = m/n (balls per bin)' : 't = m/n (balls per bin)'
T_y = tex ? 'mean gap at m (max load $-$ m/n)' : 'mean gap at m (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ m = t$\cdot$n $\cdot$ 125 runs per point' : 'tier paper · m = t·n · 125 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'n = 4096' : 'n = 4096'
T_s1 = tex ? 'n = 262144' : 'n = 262144'
T_s2 = tex ? 'n = 4096: growth 0.026 [0.018, 0.035] per doubling' : 'n = 4096: growth 0.026 [0.018, 0.035] per doubling'
T_s3 = tex ? 'n = 262144: growth 0.021 [0.013, 0.028] per doubling' : 'n = 262144: growth 0.021 [0.013, 0.028] per doubling'
T_s4 = tex ? 'tolerated: $\pm$0.1 per doubling of t, from each first point' : 'tolerated: ±0.1 per doubling of t, from each first point'
T_s5 = tex ? '' : ''

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
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
set xtics (1, 4, 16, 64, 256, 1024)
if (tex) { set format x '$%g$' } else { set format x '%g' }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-two-choice-flat-in-m.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-two-choice-flat-in-m.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s1, \
  'claim-two-choice-flat-in-m.dat' index 2 using 1:2 with lines lc rgb '#E69F00' lw 1.5 dt 2 title T_s2, \
  'claim-two-choice-flat-in-m.dat' index 3 using 1:2 with lines lc rgb '#0072B2' lw 1.5 dt 2 title T_s3, \
  'claim-two-choice-flat-in-m.dat' index 4 using 1:2 with lines lc rgb '#E69F00' lw 1.5 dt 3 title T_s4, \
  'claim-two-choice-flat-in-m.dat' index 5 using 1:2 with lines lc rgb '#0072B2' lw 1.5 dt 3 notitle
