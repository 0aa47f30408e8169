# Table 6.5 at n = 100000: published (SPAA'23) and measured
# tier paper · n = 100000, m = 20b (One-Choice: m = b) · 20 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' tower-published-n100000.gp   (fmt: png, pdf, svg, tex)
# The data are in tower-published-n100000.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,1062 enhanced font "Sans,19" linewidth 2.5
  set output "tower-published-n100000.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,3.54in enhanced font "Sans,6.5" linewidth 1
  set output "tower-published-n100000.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,708 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "tower-published-n100000.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,3.54in linewidth 1
  set output "tower-published-n100000-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? 'Table 6.5 at n = 100000: published (SPAA''23) and measured' : 'Table 6.5 at n = 100000: published (SPAA''23) and measured'
T_x = tex ? 'b/n (batch size / bins)' : 'b/n (batch size / bins)'
T_y = tex ? 'mean running max of the gap' : 'mean running max of the gap'
T_note0 = tex ? 'tier paper $\cdot$ n = 100000, m = 20b (One-Choice: m = b)' : 'tier paper · n = 100000, m = 20b (One-Choice: m = b)'
T_note1 = tex ? '20 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : '20 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? 'Two-Choice, published' : 'Two-Choice, published'
T_s1 = tex ? 'Two-Choice, measured' : 'Two-Choice, measured'
T_s2 = tex ? '(1+$\beta$), $\beta$ = 0.7$\cdot$$\surd$((n/b) ln n), published' : '(1+β), β = 0.7·√((n/b) ln n), published'
T_s3 = tex ? '(1+$\beta$), $\beta$ = 0.7$\cdot$$\surd$((n/b) ln n), measured' : '(1+β), β = 0.7·√((n/b) ln n), measured'
T_s4 = tex ? 'mixed Quantile, $\delta$ = 0.5, published' : 'mixed Quantile, δ = 0.5, published'
T_s5 = tex ? 'mixed Quantile, $\delta$ = 0.5, measured' : 'mixed Quantile, δ = 0.5, measured'
T_s6 = tex ? 'One-Choice, m = b (gap), published' : 'One-Choice, m = b (gap), published'
T_s7 = tex ? 'One-Choice, m = b (gap), measured' : 'One-Choice, m = b (gap), measured'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}\\{\footnotesize %s}}', T_title, T_note0, T_note1) : sprintf("%s\n{/*0.85 %s}\n{/*0.85 %s}", T_title, T_note0, T_note1))
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
  'tower-published-n100000.dat' index 0 using 1:2 with points lc rgb '#000000' pt 6 ps 1.8*P title T_s0, \
  'tower-published-n100000.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 2 pt 6 ps P title T_s1, \
  'tower-published-n100000.dat' index 2 using 1:2 with points lc rgb '#E69F00' pt 4 ps 1.8*P title T_s2, \
  'tower-published-n100000.dat' index 3 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 2 pt 4 ps P title T_s3, \
  'tower-published-n100000.dat' index 4 using 1:2 with points lc rgb '#0072B2' pt 8 ps 1.8*P title T_s4, \
  'tower-published-n100000.dat' index 5 using 1:2:3:4 with yerrorlines lc rgb '#0072B2' lw 1.2 dt 2 pt 8 ps P title T_s5, \
  'tower-published-n100000.dat' index 6 using 1:2 with points lc rgb '#009E73' pt 12 ps 1.8*P title T_s6, \
  'tower-published-n100000.dat' index 7 using 1:2:3:4 with yerrorlines lc rgb '#009E73' lw 1.2 dt 2 pt 12 ps P title T_s7
