# One-Choice: gap = Θ(√((m/n) ln n)) for m ≥ n ln n [pass]
# tier paper · m as in the catalog · 50 runs per point · seeds from salt 20261130, one per point · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' claim-one-choice-heavy.gp   (fmt: png, pdf, svg, tex)
# The data are in claim-one-choice-heavy.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,984 enhanced font "Sans,19" linewidth 2.5
  set output "claim-one-choice-heavy.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.28in enhanced font "Sans,6.5" linewidth 1
  set output "claim-one-choice-heavy.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,656 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "claim-one-choice-heavy.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.28in linewidth 1
  set output "claim-one-choice-heavy-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'One-Choice: gap = $\Theta$($\surd$((m/n) ln n)) for m $\geq$ n ln n [pass]' : 'One-Choice: gap = Θ(√((m/n) ln n)) for m ≥ n ln n [pass]'
T_x = tex ? 'm (balls)' : 'm (balls)'
T_y = tex ? 'mean gap at m (max load $-$ m/n)' : 'mean gap at m (max load − m/n)'
T_note0 = tex ? 'tier paper $\cdot$ m as in the catalog $\cdot$ 50 runs per point' : 'tier paper · m as in the catalog · 50 runs per point'
T_note1 = tex ? 'seeds from salt 20261130, one per point $\cdot$ bars: 95\% CI' : 'seeds from salt 20261130, one per point · bars: 95% CI'
T_s0 = tex ? 'n = 1024' : 'n = 1024'
T_s1 = tex ? 'n = 16384' : 'n = 16384'
T_s2 = tex ? 'n = 262144' : 'n = 262144'
T_s3 = tex ? 'n = 4194304' : 'n = 4194304'
T_s4 = tex ? 'claimed: 1.31$\cdot$$\surd$((m/n) ln n) + 2.21' : 'claimed: 1.31·√((m/n) ln n) + 2.21'
T_s5 = tex ? '' : ''
T_s6 = tex ? '' : ''
T_s7 = tex ? '' : ''
T_s8 = tex ? 'best rival: 4.4$\cdot$$\surd$(m/n) + 2.87' : 'best rival: 4.4·√(m/n) + 2.87'
T_s9 = tex ? '' : ''
T_s10 = tex ? '' : ''
T_s11 = tex ? '' : ''

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
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'claim-one-choice-heavy.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s0, \
  'claim-one-choice-heavy.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 1 pt 9 ps P title T_s1, \
  'claim-one-choice-heavy.dat' index 2 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 1 pt 13 ps P title T_s2, \
  'claim-one-choice-heavy.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#D55E00' lw 1.2 dt 1 pt 11 ps P title T_s3, \
  'claim-one-choice-heavy.dat' index 4 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 title T_s4, \
  'claim-one-choice-heavy.dat' index 5 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 notitle, \
  'claim-one-choice-heavy.dat' index 6 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 notitle, \
  'claim-one-choice-heavy.dat' index 7 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 2 notitle, \
  'claim-one-choice-heavy.dat' index 8 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 title T_s8, \
  'claim-one-choice-heavy.dat' index 9 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 notitle, \
  'claim-one-choice-heavy.dat' index 10 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 notitle, \
  'claim-one-choice-heavy.dat' index 11 using 1:2 with lines lc rgb '#000000' lw 1.5 dt 3 notitle
